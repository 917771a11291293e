import { lastGroupsOfThisBrowser } from '../authProvider/groupsHint';
import { startsLight } from '../resources/dashboard/lightLanding';
import { prefetchDashboard } from '../resources/dashboard/prefetchDashboard';
import { prefetchKanban } from '../resources/vorgaenge/kanban/prefetchKanban';
import { ENTITIES } from '../resources/registry';
import { routeScreenLoader } from '../resources/routeTarget';
import { createEntityDataProvider } from './entityDataProvider';
import type { ApiClients } from './httpClient';
import { prefetchRouteList } from './prefetchRouteList';
import { collectRouteQueries, type RouteQuery } from './routeQueries';

let started: Promise<RouteQuery[]> | null = null;
let startedSoFar: readonly RouteQuery[] = [];

/**
 * The first calls of the address this page load opened (a list's rows, the dashboard's Heute and Kennzahlen),
 * started once, as soon as the groups say the user may make them, and the code of its screen. CrmGuard starts
 * them while the app's code is still loading (this module's chunk needs neither react-admin nor MUI); CrmApp
 * hands them to its query cache (`seedRouteQueries`), or starts them itself if it comes first.
 */
export function routeData(
  { api, blob, upload }: ApiClients,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<RouteQuery[]> {
  started ??= (async () => {
    // The screen's code too: it arrives with the app's files instead of after the frame has run. Only once the
    // groups allow it (at once with the groups hint): a screen the person may not open is not even loaded. Not
    // on a phone's landing: Mein Tag's light page draws it, and the full app's screen loads when it takes over.
    if (!startsLight(location))
      void groups.then((known) => routeScreenLoader(location.pathname, known)?.()).catch(() => undefined);
    const { start, queries } = collectRouteQueries();
    startedSoFar = queries;
    const dataProvider = createEntityDataProvider(api, blob, upload);
    await Promise.all([
      prefetchRouteList(start, dataProvider, ENTITIES, location, groups),
      prefetchDashboard(start, { call: api }, location, groups),
      prefetchKanban({ call: api }, location, groups),
    ]);
    return queries;
  })();
  return started;
}

/**
 * Asks for the code of the address's screen as soon as this module is here, before MSAL has started: with the
 * groups this browser read last time (a hint; the screen still opens only for the groups read afresh). On a cold
 * phone load this came about a second before `routeData` could ask for it, and the screen's files no longer queue
 * behind the app's big ones. Nothing without a hint, and nothing on a phone's landing (Mein Tag's light page).
 */
export function preloadRouteScreenEarly(location: { pathname: string; search: string }): void {
  const groups = lastGroupsOfThisBrowser();
  if (!groups || startsLight(location)) return;
  void routeScreenLoader(location.pathname, groups)?.().catch(() => undefined);
}

/** The calls `routeData` has started by now (it may still be waiting for the groups to start others). */
export function routeQueriesStarted(): readonly RouteQuery[] {
  return [...startedSoFar];
}
