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
  // Black or white, whichever reads better (at least 4.5:1 on any colour); the theme's text if it is no colour.
  const text = textOn(color) ?? 'text.primary';
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
              color: text,
              // MUI tints the delete icon from the theme's text colour: light in dark mode, invisible on yellow.
              '& .MuiChip-deleteIcon': {
                color: text === 'text.primary' ? undefined : alpha(text, 0.7),
                '&:hover': { color: text },
              },
            }),
        fontWeight: 500,
        ...props.sx,
      }}
    />
  );
}
