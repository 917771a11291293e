import LoginIcon from '@mui/icons-material/Login';
import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { takeReturnTo } from './returnTo';
import type { Session } from './session';
import { useClientConfig } from '../config/ClientConfigContext';
import { completeDirectorySignOut, pendingDirectorySignOut } from './directorySignOut';

/** How often the page looks whether the directory can be reached again while its sign-out is pending. */
const RETRY_SIGN_OUT_MS = 5_000;

/**
 * The directory's sign-out left pending by an Abmelden without a connection: made as soon as the directory can
 * be reached (the network comes back, or every few seconds, for a line that carries nothing while the browser
 * says online), before anyone signs in here. Whether one is pending.
 */
function usePendingDirectorySignOut(): boolean {
  const [pending] = useState(() => pendingDirectorySignOut() !== null);
  useEffect(() => {
    if (!pending) return;
    let going = false;
    const attempt = () => {
      if (going) return;
      going = true;
      void completeDirectorySignOut().then((left) => (going = left));
    };
    attempt();
    const timer = window.setInterval(attempt, RETRY_SIGN_OUT_MS);
    window.addEventListener('online', attempt);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [pending]);
  return pending;
}

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
  const signOutPending = usePendingDirectorySignOut();
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
          {signOutPending && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              Abgemeldet. Die Anmeldung beim Verzeichnis wird beendet, sobald wieder Verbindung besteht.
            </Alert>
          )}
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
