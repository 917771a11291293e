import { Box, CircularProgress, Typography } from '@mui/material';
import { lazy } from 'react';
import { PublicPageTheme } from '../layout/PublicPageTheme';
import LoginPage from './LoginPage';
import type { Session } from './session';

// What the start draws with MUI: the sign-in page, "Zugriff verweigert" and the guard's waiting and failure
// states. A build entry of its own (vite.config.ts, build/chunkGroups.ts: `signIn`), loaded by
// loadPublicPages.ts: the start itself (MSAL's session, the guard, the first calls) holds no MUI, so that a
// phone's landing, which draws Mein Tag without MUI, gets its calls out without waiting for these parts.

const AccessDeniedPage = lazy(() => import('./AccessDeniedPage'));

export function LoginRoute({ session }: { session: Session }) {
  return (
    <PublicPageTheme>
      <LoginPage session={session} />
    </PublicPageTheme>
  );
}

export function AccessDeniedRoute() {
  return (
    <PublicPageTheme>
      <AccessDeniedPage />
    </PublicPageTheme>
  );
}

export const FullPageProgress = () => (
  <Box
    sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
    role="progressbar"
    aria-label="Wird geladen"
  >
    <CircularProgress />
  </Box>
);

export const AppLoadFailed = () => (
  <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
    <Typography role="alert">
      Das Fenster CRM konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die Seite
      neu.
    </Typography>
  </Box>
);
