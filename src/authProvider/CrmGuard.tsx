import { callEndpoint } from '../api/callEndpoint';
import { trackLogin } from '../resources/analytics/analytics.endpoints';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { hasAnyGroup, GROUPS } from '../auth/groups';
import { useClientConfig } from '../config/ClientConfigContext';
import { createApiClient } from '../dataProvider/httpClient';
import { scheduleKeptCopyFill } from '../offline/kept/scheduleKeptCopyFill';
import { unreachable } from '../offline/kept/throughKeptCopy';
import { rememberReturnTo } from './returnTo';
import { rememberGroups } from './groupsHint';
import { loadMyGroups } from './myGroups';
import { loadMyDayLight, loadedMyDayLight, startsLight } from '../resources/dashboard/lightLanding';
import type { MyDayLightProps } from '../resources/dashboard/light/MyDayLight';
import type { Session } from './session';
import { firstCallsSent } from '../pageLoad';
import { loadCrmApp, startCrm, type CrmAppComponent } from './startCrm';
import { usePublicPages } from './loadPublicPages';

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
  // A phone's landing: Mein Tag's light page draws the day first; the full app takes over as soon as the person
  // goes anywhere else (and stays for the rest of the page's life).
  const [light, setLight] = useState(() => startsLight(location));
  const [MyDayLight, setMyDayLight] = useState<ComponentType<MyDayLightProps> | null>(() =>
    light ? (loadedMyDayLight()?.MyDayLight ?? null) : null,
  );
  const leftLanding = light && !startsLight(location);
  if (leftLanding) setLight(false);

  useEffect(() => {
    if (!signedIn) return;
    // Usually started already by src/main.tsx; the app's code comes while the groups are asked for.
    startCrm(session, clients, !light);
    // Only the first state matters here: the app's code is loaded by the effect below once needed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, session, clients]);

  useEffect(() => {
    if (!signedIn || !light) return;
    loadMyDayLight().then(
      (module) => setMyDayLight(() => module.MyDayLight),
      (error: unknown) => {
        // Without the light page the full app draws Mein Tag, as on every other address.
        console.error('Mein Tag (leicht) konnte nicht geladen werden', error);
        setLight(false);
      },
    );
  }, [signedIn, light]);

  useEffect(() => {
    if (!signedIn || light) return;
    firstCallsSent()
      .then(loadCrmApp)
      .then(
        (app) => setCrmApp(() => app),
        (error: unknown) => {
          console.error('Die Anwendung konnte nicht geladen werden', error);
          setAppFailed(true);
        },
      );
  }, [signedIn, light]);

  useEffect(() => {
    if (!signedIn) return;
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
  }, [account, api, signedIn]);

  // The waiting and failure states are MUI's: a phone's landing, drawn by the light page (its code is here
  // before this renders), does not ask for them.
  const publicPages = usePublicPages(signedIn && (appFailed || !light));
  if (!signedIn) {
    rememberReturnTo(location.pathname + location.search);
    return <Navigate to="/login" replace />;
  }
  if (state === 'denied') return <Navigate to="/zugriff" replace />;
  if (appFailed) return publicPages && <publicPages.AppLoadFailed />;
  // Mein Tag needs the customer group; without it the full app explains which group shows what.
  if (light && state === 'allowed' && !hasAnyGroup(groups, [GROUPS.kunde])) setLight(false);
  if (light && MyDayLight)
    return <MyDayLight session={session} clients={clients} onHandOver={() => setLight(false)} />;
  if (state === 'loading' || !CrmApp) return publicPages && <publicPages.FullPageProgress />;
  return <CrmApp session={session} groups={groups} />;
}
