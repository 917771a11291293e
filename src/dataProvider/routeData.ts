import { prefetchDashboard } from '../resources/dashboard/prefetchDashboard';
import { ENTITIES } from '../resources/registry';
import { createEntityDataProvider } from './entityDataProvider';
import type { ApiClients } from './httpClient';
import { prefetchRouteList } from './prefetchRouteList';
import { collectRouteQueries, type RouteQuery } from './routeQueries';

let started: Promise<RouteQuery[]> | null = null;

/**
 * The first calls of the address this page load opened (a list's rows, the dashboard's Heute and Kennzahlen),
 * started once, as soon as the groups say the user may make them. CrmGuard starts them while the app's code
 * is still loading (this module's chunk needs neither react-admin nor MUI); CrmApp hands them to its query
 * cache (`seedRouteQueries`), or starts them itself if it comes first.
 */
export function routeData(
  { api, blob, upload }: ApiClients,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<RouteQuery[]> {
  started ??= (async () => {
    const { start, queries } = collectRouteQueries();
    const dataProvider = createEntityDataProvider(api, blob, upload);
    await Promise.all([
      prefetchRouteList(start, dataProvider, ENTITIES, location, groups),
      prefetchDashboard(start, { call: api }, location, groups),
    ]);
    return queries;
  })();
  return started;
}
