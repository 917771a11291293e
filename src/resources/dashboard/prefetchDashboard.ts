import { hasAnyGroup } from '../../auth/groups';
import { callEndpoint, type EndpointClient } from '../../api/callEndpoint';
import { endpointKey, type EndpointDeclaration } from '../../api/endpoint';
import { getTodos } from '../todos/dueItems.endpoints';
import type { StartQuery } from '../../dataProvider/routeQueries';
import { getDashboardFigures, getDashboardLists } from './dashboard.endpoints';
import { getMyDayAppointments } from './myDay.endpoints';
import { isPhoneLanding } from './phoneLanding';

/** The calls the dashboard makes first, with the input it gives them without a scope in the address. */
const FIRST_CALLS: readonly EndpointDeclaration[] = [getTodos, getDashboardFigures, getDashboardLists];
/** Mein Tag's on a phone: its todos and today's appointments, no Kennzahlen. */
const PHONE_FIRST_CALLS: readonly EndpointDeclaration[] = [getMyDayAppointments, getTodos];
const MY_SCOPE = { query: {} };

/**
 * Starts the dashboard's Heute, Kennzahlen and lists from the route, in parallel with its code, under the keys
 * `useEndpoint` gives them (as `prefetchRouteList` does for a list): the page then finds its data instead of
 * only asking for it once mounted. Only the calls the user's groups may make are started.
 */
export async function prefetchDashboard(
  start: StartQuery,
  client: Pick<EndpointClient, 'call'>,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<void> {
  if (location.search || location.pathname.replace(/\/$/, '') !== '/crm/dashboard') return;
  const mine = await groups.catch((): readonly string[] => []);
  for (const endpoint of isPhoneLanding() ? PHONE_FIRST_CALLS : FIRST_CALLS) {
    const { access } = endpoint;
    if (!('groups' in access) || !hasAnyGroup(mine, access.groups)) continue;
    start(endpointKey(endpoint, MY_SCOPE), () => callEndpoint(client, endpoint, MY_SCOPE as never));
  }
}
