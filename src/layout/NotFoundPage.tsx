import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Link } from 'react-router-dom';

/**
 * A detail screen whose record could not be loaded (an unknown or mistyped id): the API's own message and a way
 * back, instead of a blank page or a jump to the list with a toast.
 */
export function NotFoundPage({
  message,
  backTo,
  backLabel = 'Zurück zur Liste',
}: {
  /** The API's message (HttpError.message), e.g. "Der Vorgang wurde nicht gefunden." */
  message: string;
  /** Where "Zurück zur Liste" leads, e.g. "/crm/vorgang". */
  backTo: string;
  backLabel?: string;
}) {
  return (
    <Box role="alert" sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <SearchOffOutlined sx={{ fontSize: 56, color: 'text.secondary' }} />
      <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
        {message}
      </Typography>
      <Button component={Link} to={backTo} variant="outlined" sx={{ mt: 3 }}>
        {backLabel}
      </Button>
    </Box>
  );
}
