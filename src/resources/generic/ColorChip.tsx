import { Chip, type ChipProps } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { textOn } from './chipColors';

/**
 * A coloured tag (a label, a status) as staff see it: its name on its colour, in a readable text colour.
 * `muted` (inactive) shows only a coloured outline, so the text keeps its contrast.
 */
export function ColorChip({
  name,
  color,
  muted = false,
  ...props
}: { name: string; color: string; muted?: boolean } & Omit<ChipProps, 'color'>) {
  return (
    <Chip
      size="small"
      label={name}
      variant={muted ? 'outlined' : 'filled'}
      {...props}
      sx={{
        ...(muted
          ? { borderColor: color, borderWidth: 2 }
          : {
              bgcolor: color,
              color: textOn(color),
              // MUI tints the delete icon from the theme's text colour: light in dark mode, invisible on yellow.
              '& .MuiChip-deleteIcon': {
                color: alpha(textOn(color), 0.7),
                '&:hover': { color: textOn(color) },
              },
            }),
        fontWeight: 500,
        ...props.sx,
      }}
    />
  );
}
