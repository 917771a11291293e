import { startsLight } from '../resources/dashboard/lightLanding';
import { prefetchDashboard } from '../resources/dashboard/prefetchDashboard';
import { prefetchKanban } from '../resources/vorgaenge/kanban/prefetchKanban';
import { ENTITIES } from '../resources/registry';
import { routeScreenLoader } from '../resources/routeTarget';
import { loadScreen } from '../resources/screenCode';
import { createEntityDataProvider } from './entityDataProvider';
import type { ApiClients } from './httpClient';
import { prefetchRouteList } from './prefetchRouteList';
import { prefetchRoutePage, prefetchRouteRecord } from './prefetchRoutePage';
import { collectRouteQueries, type RouteQuery } from './routeQueries';

let started: Promise<RouteQuery[]> | null = null;
let startedSoFar: readonly RouteQuery[] = [];

/**
 * The first calls of the address this page load opened (a list's rows, the dashboard's Heute and Kennzahlen),
 * started once, as soon as the groups say the user may make them; then the code of its screen. Settles once the
 * calls have gone out (each waits only for the token): only then may scripts the page's HTML did not ask for be
 * requested, which would otherwise take the host's connections first. CrmGuard starts them while the app's code
 * is still loading (this module's chunk needs neither react-admin nor MUI); CrmApp hands them to its query cache
 * (`seedRouteQueries`), or starts them itself if it comes first.
 */
export function routeData(
  { api, blob, upload, authorized }: ApiClients,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<RouteQuery[]> {
  started ??= (async () => {
    const { start, queries } = collectRouteQueries();
    startedSoFar = queries;
    const dataProvider = createEntityDataProvider(api, blob, upload);
    await Promise.all([
      prefetchRouteList(start, dataProvider, ENTITIES, location, groups),
      prefetchDashboard(start, { call: api }, location, groups),
      prefetchKanban({ call: api }, location, groups),
      prefetchRoutePage(start, { call: api }, location, groups),
      prefetchRouteRecord(start, dataProvider, location, groups),
    ]);
    await authorized().catch(() => undefined);
    // The calls' requests are sent in the tasks right after the token's answer.
    await new Promise((sent) => setTimeout(sent));
    // Only once the groups allow it: a screen the person may not open is not even loaded. Not on a phone's
    // landing: Mein Tag's light page draws it, and the full app's screen loads when it takes over.
    if (!startsLight(location))
      void groups
        .then((known) => {
          const loader = routeScreenLoader(location.pathname, known);
          // Through the screens' own cache: the screen then finds its code there when the frame first renders.
          return loader && loadScreen(loader);
        })
        .catch(() => undefined);
    return queries;
  })();
  return started;
}

/** The calls `routeData` has started by now (it may still be waiting for the groups to start others). */
export function routeQueriesStarted(): readonly RouteQuery[] {
  return [...startedSoFar];
}
