import { CssBaseline } from '@mui/material';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { defaultLayoutSettings } from '../config/appearance';
import { useClientConfig } from '../config/ClientConfigContext';
import { buildCrmTheme } from './crmTheme';

/**
 * The tenant's theme and MUI's baseline for the pages outside react-admin (sign-in, "Zugriff verweigert"):
 * without it the browser's 8 px body margin shows as a white frame and buttons take MUI's default blue.
 */
export function PublicPageTheme({ children }: { children: ReactNode }) {
  const { ui } = useClientConfig();
  const theme = useMemo(() => createTheme(buildCrmTheme(defaultLayoutSettings(ui.theme))), [ui.theme]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}
