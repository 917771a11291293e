// The colour schemes' backgrounds and text, for the MUI theme (crmTheme.ts) and for Mein Tag's light page,
// which draws the same look without MUI.

/** Backgrounds of the three colour schemes; the menu follows the scheme. */
export const SCHEME_COLORS = {
  light: { mode: 'light', background: '#f4f5f7', paper: '#ffffff', menu: '#ffffff', text: '#1f2328' },
  dim: { mode: 'dark', background: '#2b3340', paper: '#353f4e', menu: '#353f4e', text: '#e8eaed' },
  dark: { mode: 'dark', background: '#121417', paper: '#1c1f24', menu: '#1c1f24', text: '#e8eaed' },
} as const;

/** A lighter tone of a #rrggbb colour, as MUI's `lighten` makes it (each channel `share` of the way to white). */
export function lighterTone(hex: string, share: number): string {
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${channels.map((value) => Math.round(value + (255 - value) * share)).join(', ')})`;
}
