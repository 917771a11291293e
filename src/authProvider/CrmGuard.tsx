import { callEndpoint } from '../api/callEndpoint';
import { trackLogin } from '../resources/analytics/analytics.endpoints';
import { Box, CircularProgress, Typography } from '@mui/material';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useClientConfig } from '../config/ClientConfigContext';
import { createApiClient } from '../dataProvider/httpClient';
import { rememberReturnTo } from './returnTo';
import { lastKnownGroups, rememberGroups } from './groupsHint';
import { loadMyGroups } from './myGroups';
import type { Session } from './session';

type CrmAppComponent = ComponentType<{ session: Session; groups: readonly string[] }>;

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
 * Guard of /crm (SPEC §4): not signed in → login; no group → zugriff; groups fail to load →
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
  // Suspense fallback first, and React reveals it no sooner than 300 ms after that (issue 22).
  const [CrmApp, setCrmApp] = useState<CrmAppComponent | null>(null);
  const [appFailed, setAppFailed] = useState(false);
  const account = session.account?.homeAccountId ?? null;
  const signedIn = account !== null;

  useEffect(() => {
    if (!signedIn) return;
    // The app's code comes while the groups are asked for, not after them (a cold load's longest chain).
    import('../CrmApp').then(
      (module) => setCrmApp(() => module.default),
      (error: unknown) => {
        console.error('Die Anwendung konnte nicht geladen werden', error);
        setAppFailed(true);
      },
    );
    // The address's first data (a list's rows, the dashboard's figures) as soon as the groups allow it, not
    // once the app's code has run: that module needs neither react-admin nor MUI. The groups this browser read
    // last time decide at once; without them the request waits for user/myGroups.
    const known = account ? lastKnownGroups(account) : null;
    import('../dataProvider/routeData')
      .then(({ routeData }) =>
        routeData(clients, window.location, known ? Promise.resolve(known) : loadMyGroups(api)),
      )
      .catch(() => undefined);
    loadMyGroups(api)
      .then((groups) => {
        if (account) rememberGroups(account, groups);
        if (groups.length === 0) return setState('denied');
        setGroups(groups);
        setState('allowed');
        if (!loginTracked) {
          loginTracked = true;
          callEndpoint({ call: api }, trackLogin).catch((error: unknown) =>
            console.error('Anmeldung konnte nicht protokolliert werden', error),
          );
        }
      })
      .catch((error: unknown) => {
        console.error('Gruppen konnten nicht geladen werden', error);
        setState('denied');
      });
  }, [account, api, clients, signedIn]);

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
