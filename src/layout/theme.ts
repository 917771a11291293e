import { deepOrange, orange } from '@mui/material/colors';
import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Light theme with the default component colour orange (SPEC §9), ripple off (SPEC §2). */
export const lightTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: { mode: 'light', primary: { main: orange[800] }, secondary: { main: deepOrange[700] } },
  typography: { fontSize: 14 },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};
