import type { DataProvider } from 'react-admin';
import { callEndpoint, type EndpointClient } from '../api/callEndpoint';
import { endpointKey } from '../api/endpoint';
import { hasAnyGroup } from '../auth/groups';
import { canAccessEntity } from '../resources/canAccess';
import { entityByName } from '../resources/registry';
import { mayOpenPage, routePage, routeTarget } from '../resources/routeTarget';
import type { StartQuery } from './routeQueries';

/**
 * Starts the first calls the declared page of this address names (`firstCalls` in its definePage), under the keys
 * `useEndpoint` gives them, so that the screen finds its data instead of asking once mounted. Only for a page the
 * groups open, and only the calls they may make.
 */
export async function prefetchRoutePage(
  start: StartQuery,
  client: Pick<EndpointClient, 'call'>,
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<void> {
  const match = routePage(location.pathname);
  if (!match?.page.firstCalls) return;
  const mine = await groups.catch((): readonly string[] => []);
  if (!mayOpenPage(mine, match.page)) return;
  const calls = match.page.firstCalls({ params: match.params, search: new URLSearchParams(location.search) });
  for (const { endpoint, input } of calls) {
    if (!('groups' in endpoint.access) || !hasAnyGroup(mine, endpoint.access.groups)) continue;
    start(endpointKey(endpoint, input), () => callEndpoint(client, endpoint, input as never));
  }
}

/**
 * Starts the record an entity's page or form opens (/crm/<entity>/<id>/show, /crm/<entity>/<id>) under the key
 * react-admin's useGetOne reads it by (`[resource, 'getOne', { id }]`, the id as a string).
 */
export async function prefetchRouteRecord(
  start: StartQuery,
  dataProvider: Pick<DataProvider, 'getOne'>,
  location: { pathname: string },
  groups: Promise<readonly string[]>,
): Promise<void> {
  const target = routeTarget(location.pathname);
  if (!target || !('entity' in target) || (target.kind !== 'show' && target.kind !== 'edit')) return;
  const entity = entityByName(target.entity);
  const segment = location.pathname
    .replace(/\/$/, '')
    .replace(/\/show$/, '')
    .split('/')
    .pop();
  if (!entity || !segment || segment === 'create') return;
  const allowed = await groups.then(
    (mine) => canAccessEntity(mine, entity, target.kind),
    () => false,
  );
  if (!allowed) return;
  const id = decodeURIComponent(segment);
  start([entity.name, 'getOne', { id }], () =>
    dataProvider.getOne(entity.name, { id }).then(({ data }) => data),
  );
}
