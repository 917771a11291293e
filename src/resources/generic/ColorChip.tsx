import { Chip, type ChipProps } from '@mui/material';

/** A coloured tag (a label, a status) as staff see it: its name on its colour, in a readable text colour. */
export function ColorChip({
  name,
  color,
  ...props
}: { name: string; color: string } & Omit<ChipProps, 'color'>) {
  return (
    <Chip
      size="small"
      label={name}
      {...props}
      sx={{
        bgcolor: color,
        color: (theme) => theme.palette.getContrastText(color),
        fontWeight: 500,
        ...props.sx,
      }}
    />
  );
}
