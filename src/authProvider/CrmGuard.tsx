import { callEndpoint } from '../api/callEndpoint';
import { trackLogin } from '../resources/analytics/analytics.endpoints';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useClientConfig } from '../config/ClientConfigContext';
import { createApiClient } from '../dataProvider/httpClient';
import { scheduleKeptCopyFill } from '../offline/kept/scheduleKeptCopyFill';
import { unreachable } from '../offline/kept/throughKeptCopy';
import { rememberReturnTo } from './returnTo';
import { rememberGroups } from './groupsHint';
import { loadMyGroups } from './myGroups';
import type { Session } from './session';
import { startCrm, type CrmAppComponent } from './startCrm';

const FullPageProgress = () => (
  <Box
    sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}
    role="progressbar"
    aria-label="Wird geladen"
  >
    <CircularProgress />
  </Box>
);

let loginTracked = false;

/**
 * Guard of /crm: not signed in → login; no group → zugriff; groups fail to load →
 * logged, then zugriff; otherwise in, and the entry is recorded (analytics/trackLogin).
 */
export function CrmGuard({ session }: { session: Session }) {
  const location = useLocation();
  const { ui } = useClientConfig();
  const clients = useMemo(() => createApiClient(session, ui.apiBaseUrl), [session, ui.apiBaseUrl]);
  const { api } = clients;
  const [state, setState] = useState<'loading' | 'allowed' | 'denied'>('loading');
  const [groups, setGroups] = useState<readonly string[]>([]);
  // The app's code, rendered once it is there rather than through React.lazy: a lazy component shows its
  // Suspense fallback first, and React reveals it no sooner than 300 ms after that.
  const [CrmApp, setCrmApp] = useState<CrmAppComponent | null>(null);
  const [appFailed, setAppFailed] = useState(false);
  const account = session.account?.homeAccountId ?? null;
  const signedIn = account !== null;

  useEffect(() => {
    if (!signedIn) return;
    // Usually started already by src/main.tsx; the app's code comes while the groups are asked for.
    startCrm(session, clients).then(
      (app) => setCrmApp(() => app),
      (error: unknown) => {
        console.error('Die Anwendung konnte nicht geladen werden', error);
        setAppFailed(true);
      },
    );
    loadMyGroups(api)
      .then((groups) => {
        if (account) rememberGroups(account, groups);
        if (groups.length === 0) return setState('denied');
        setGroups(groups);
        setState('allowed');
        // What the person needs on the road is kept on the device, filled once the first page is there.
        if (account) scheduleKeptCopyFill(api, account);
        if (!loginTracked) {
          loginTracked = true;
          callEndpoint({ call: api }, trackLogin).catch((error: unknown) =>
            console.error('Anmeldung konnte nicht protokolliert werden', error),
          );
        }
      })
      .catch((error: unknown) => {
        console.error('Gruppen konnten nicht geladen werden', error);
        // Without network and without a kept copy of the groups, the person is not refused: the app cannot
        // start, and says to check the connection.
        if (unreachable(error)) setAppFailed(true);
        else setState('denied');
      });
  }, [account, api, clients, session, signedIn]);

  if (!signedIn) {
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (state === 'denied') return <Navigate to="/zugriff" replace />;
  if (appFailed)
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3 }}>
        <Typography role="alert">
          Das Fenster CRM konnte nicht geladen werden. Bitte prüfen Sie Ihre Verbindung und laden Sie die
          Seite neu.
        </Typography>
      </Box>
    );
  if (state === 'loading' || !CrmApp) return <FullPageProgress />;
  return <CrmApp session={session} groups={groups} />;
}
