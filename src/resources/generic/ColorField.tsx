import { Box, Stack, Typography } from '@mui/material';
import { useFieldValue, type FieldProps } from 'react-admin';

/** A colour as a swatch with its hex code. */
export function ColorField(props: FieldProps) {
  const value = useFieldValue(props) as string | undefined;
  if (!value) return null;
  return (
    <Stack direction="row" spacing={1} alignItems="center">
      <Box
        aria-hidden
        sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: value, border: 1, borderColor: 'divider' }}
      />
      <Typography variant="body2" component="span">
        {value.toUpperCase()}
      </Typography>
    </Stack>
  );
}
