import LoginIcon from '@mui/icons-material/Login';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { takeReturnTo } from './returnTo';
import type { Session } from './session';
import { useClientConfig } from '../config/ClientConfigContext';

/** /login: starts the sign-in redirect to the directory (part of the entry chunk). */
export default function LoginPage({ session }: { session: Session }) {
  const [busy, setBusy] = useState(false);
  const [startFailed, setStartFailed] = useState(false);
  // Drawn before MSAL has started (src/main.tsx); once it has, a signed-in person is sent on.
  useSyncExternalStore(session.subscribe, () => session.isStarted);
  const failed = Boolean(session.redirectError);
  const { ui } = useClientConfig();
  // Coming back from "Zugriff verweigert": stay here and let the person sign in with another account.
  const otherAccount = Boolean((useLocation().state as { otherAccount?: boolean } | null)?.otherAccount);
  if (session.account && !otherAccount) return <Navigate to={takeReturnTo()} replace />;
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ width: '100%', maxWidth: 400 }}>
        <CardContent sx={{ p: 4 }}>
          <Box component="img" src={ui.sidebarLogo} alt="" sx={{ height: 44, display: 'block', mb: 3 }} />
          <Typography variant="h5" component="h1" gutterBottom>
            {ui.loginTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {otherAccount && session.account
              ? `Das Konto ${session.account.name ?? session.account.username} hat keinen Zugriff auf das CRM. Melden Sie sich mit einem anderen Firmenkonto an.`
              : 'Melden Sie sich mit Ihrem Firmenkonto an.'}
          </Typography>
          {failed && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Die Anmeldung ist fehlgeschlagen. Bitte versuchen Sie es erneut.
            </Alert>
          )}
          {startFailed && (
            <Alert severity="error" sx={{ mb: 2 }}>
              Die Anmeldung konnte nicht gestartet werden. Bitte prüfen Sie Ihre Verbindung und versuchen Sie
              es erneut.
            </Alert>
          )}
          <Button
            variant="contained"
            size="large"
            fullWidth
            startIcon={<LoginIcon />}
            disabled={busy}
            onClick={() => {
              setBusy(true);
              setStartFailed(false);
              // MSAL's code loads with this click (src/main.tsx); without a network it cannot.
              void session.login(undefined, otherAccount).catch((error: unknown) => {
                console.error('Anmeldung konnte nicht gestartet werden', error);
                setStartFailed(true);
                setBusy(false);
              });
            }}
          >
            Anmelden
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
