import { deDE } from '@mui/material/locale';
import { lighten, type Components } from '@mui/material/styles';
import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { COMPONENT_THEMES, type LayoutSettings } from '../config/appearance';
import { SCHEME_COLORS as SCHEMES } from './colorSchemes';

type ComponentSettings = Record<string, { defaultProps?: object } & Record<string, unknown>>;

/**
 * MUI's German texts (pager "Zur nächsten Seite", "Zeilen pro Seite:", "Schließen" …) under react-admin's
 * component settings: a component both configure keeps the German default props and react-admin's others.
 */
function germanComponents(own: object | undefined): Components {
  const german = (deDE.components ?? {}) as ComponentSettings;
  const merged: ComponentSettings = { ...german };
  for (const [name, settings] of Object.entries((own ?? {}) as ComponentSettings)) {
    const texts = german[name]?.defaultProps;
    merged[name] = texts ? { ...settings, defaultProps: { ...texts, ...settings.defaultProps } } : settings;
  }
  return merged as Components;
}

// A phone's screen (MUI's breakpoints.down('sm')): every control a thumb's target of 44 × 44 px, as Apple's and
// Google's guidelines ask; the desk keeps MUI's denser sizes.
const PHONE = '@media (max-width:599.95px)';
const THUMB = 44;

/** The phone's target sizes of MUI's controls (buttons, icon buttons, tabs, boxes, interactive chips). */
const phoneTargets = {
  MuiButton: { styleOverrides: { root: { [PHONE]: { minHeight: THUMB } } } },
  MuiToggleButton: { styleOverrides: { root: { [PHONE]: { minHeight: THUMB, minWidth: THUMB } } } },
  MuiIconButton: {
    styleOverrides: {
      root: {
        [PHONE]: {
          minWidth: THUMB,
          minHeight: THUMB,
          // Inside a pick list's field the field itself is the target; its small arrows stay small.
          '&.MuiAutocomplete-popupIndicator, &.MuiAutocomplete-clearIndicator': { minWidth: 0, minHeight: 0 },
        },
      },
    },
  },
  MuiTab: { styleOverrides: { root: { [PHONE]: { minHeight: THUMB } } } },
  MuiCheckbox: { styleOverrides: { root: { [PHONE]: { padding: 10 } } } },
  MuiRadio: { styleOverrides: { root: { [PHONE]: { padding: 10 } } } },
  // A labelled box or switch is tapped anywhere on its label.
  MuiFormControlLabel: { styleOverrides: { root: { [PHONE]: { minHeight: THUMB } } } },
  // A chip that does something (a label's due date, its ×): the chip and its × are each a thumb's target.
  MuiChip: {
    styleOverrides: {
      clickable: { [PHONE]: { height: THUMB, borderRadius: THUMB / 2 } },
      deletable: {
        [PHONE]: {
          height: THUMB,
          borderRadius: THUMB / 2,
          '& .MuiChip-deleteIcon': {
            fontSize: 24,
            boxSizing: 'content-box',
            padding: 10,
            margin: '0 -4px 0 -8px',
          },
        },
      },
    },
  },
};

/** The react-admin/MUI theme for a person's layout configuration. */
export function buildCrmTheme(settings: LayoutSettings): RaThemeOptions {
  const scheme = SCHEMES[settings.colorScheme];
  const main = COMPONENT_THEMES[settings.componentTheme].main;
  const dark = scheme.mode === 'dark';
  return {
    ...defaultTheme,
    palette: {
      mode: scheme.mode,
      // On dark backgrounds a lighter tone of the theme colour keeps text and links readable.
      primary: dark ? { main: lighten(main, 0.4), contrastText: 'rgba(0, 0, 0, 0.87)' } : { main },
      secondary: { main },
      background: { default: scheme.background, paper: scheme.paper },
      text: { primary: scheme.text },
    },
    typography: {
      fontSize: settings.fontScale,
      fontFamily: '"Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    },
    shape: { borderRadius: 8 },
    sidebar: { width: 248, closedWidth: 72 },
    components: {
      ...germanComponents(defaultTheme.components),
      ...phoneTargets,
      MuiButtonBase: { defaultProps: { disableRipple: !settings.ripple } },
      MuiTextField: { defaultProps: { variant: settings.inputStyle, size: 'small', margin: 'dense' } },
      MuiFormControl: { defaultProps: { variant: settings.inputStyle, size: 'small', margin: 'dense' } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // A sort header reached by keyboard shows a clear ring in the theme colour (MUI only darkens the text a
      // little), in every table.
      MuiTableSortLabel: {
        styleOverrides: {
          root: {
            borderRadius: 4,
            '&:focus-visible, &.Mui-focusVisible': {
              outline: `2px solid ${dark ? lighten(main, 0.4) : main}`,
              outlineOffset: 2,
            },
          },
        },
      },
      MuiCssBaseline: {
        styleOverrides: {
          body: { backgroundColor: scheme.background },
          // Whoever asked their device for less motion gets none: dialogs, menus and drawers appear at once,
          // and loading indicators stand still instead of redrawing the page every frame. A hundredth of a
          // millisecond, not 0: code that waits for a transition's or an animation's end event (the Kanban's
          // drop) still gets it.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        },
      },
    },
  } as RaThemeOptions;
}

/** Colours of the menu, following the colour scheme. */
export const menuColors = (settings: LayoutSettings) => ({
  background: SCHEMES[settings.colorScheme].menu,
  accent: COMPONENT_THEMES[settings.componentTheme].main,
});
