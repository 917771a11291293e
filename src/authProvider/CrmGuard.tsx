import { callEndpoint } from '../api/callEndpoint';
import { trackLogin } from '../resources/analytics/analytics.endpoints';
import { Box, CircularProgress } from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useClientConfig } from '../config/ClientConfigContext';
import { createApiClient } from '../dataProvider/httpClient';
import { rememberReturnTo } from './returnTo';
import { loadMyGroups } from './myGroups';
import type { Session } from './session';

const loadCrmApp = () => import('../CrmApp');
const CrmApp = lazy(loadCrmApp);

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
  const api = useMemo(() => createApiClient(session, ui.apiBaseUrl).api, [session, ui.apiBaseUrl]);
  const [state, setState] = useState<'loading' | 'allowed' | 'denied'>('loading');
  const signedIn = Boolean(session.account);

  useEffect(() => {
    if (!signedIn) return;
    // The app's code comes while the groups are asked for, not after them (a cold load's longest chain).
    void loadCrmApp().catch(() => undefined);
    loadMyGroups(api)
      .then((groups) => {
        if (groups.length === 0) return setState('denied');
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
  }, [api, signedIn]);

  if (!signedIn) {
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (state === 'denied') return <Navigate to="/zugriff" replace />;
  if (state === 'loading') return <FullPageProgress />;
  return (
    <Suspense fallback={<FullPageProgress />}>
      <CrmApp session={session} />
    </Suspense>
  );
}
