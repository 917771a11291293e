/** The choices of the layout configuration panel with their defaults (docs/requirements.md, The frame). */

export const MENU_MODES = [
  { id: 'static', name: 'Statisch' },
  { id: 'overlay', name: 'Überlagernd' },
  { id: 'slim', name: 'Schmal' },
  { id: 'horizontal', name: 'Horizontal' },
] as const;
export type MenuMode = (typeof MENU_MODES)[number]['id'];

export const COLOR_SCHEMES = [
  { id: 'light', name: 'Hell' },
  { id: 'dim', name: 'Gedämpft' },
  { id: 'dark', name: 'Dunkel' },
] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number]['id'];

export const INPUT_STYLES = [
  { id: 'outlined', name: 'Umrandet' },
  { id: 'filled', name: 'Gefüllt' },
] as const;
export type InputStyle = (typeof INPUT_STYLES)[number]['id'];

export const FONT_SCALES = [12, 13, 14, 15, 16] as const;
export type FontScale = (typeof FONT_SCALES)[number];

/** Component themes and their main colour (readable as a button background with white text). */
export const COMPONENT_THEMES = {
  indigo: { name: 'Indigo', main: '#3949ab' },
  blue: { name: 'Blau', main: '#1565c0' },
  purple: { name: 'Violett', main: '#7b1fa2' },
  teal: { name: 'Petrol', main: '#00796b' },
  cyan: { name: 'Cyan', main: '#00717f' },
  green: { name: 'Grün', main: '#2e7d32' },
  orange: { name: 'Orange', main: '#ad4800' },
  pink: { name: 'Pink', main: '#c2185b' },
} as const;
export type ComponentTheme = keyof typeof COMPONENT_THEMES;
export const COMPONENT_THEME_IDS = Object.keys(COMPONENT_THEMES) as ComponentTheme[];

/** A desktop layout is wider than 991 px. */
export const DESKTOP_MIN_WIDTH = 992;

export interface LayoutSettings {
  menuMode: MenuMode;
  colorScheme: ColorScheme;
  inputStyle: InputStyle;
  ripple: boolean;
  fontScale: FontScale;
  componentTheme: ComponentTheme;
}

/**
 * The layout panel's defaults (static menu, light scheme, outlined, no ripple, 14 px); the component theme's
 * default comes from the THEME configuration.
 */
export const defaultLayoutSettings = (componentTheme: ComponentTheme = 'orange'): LayoutSettings => ({
  menuMode: 'static',
  colorScheme: 'light',
  inputStyle: 'outlined',
  ripple: false,
  fontScale: 14,
  componentTheme,
});
