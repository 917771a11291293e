import { getContrastRatio } from '@mui/material/styles';

/** Black or white, whichever reads better on the colour (WCAG AA needs 4.5:1 for chip-sized text). */
export const textOn = (color: string): string =>
  getContrastRatio(color, '#fff') >= getContrastRatio(color, '#000') ? '#fff' : '#000';
