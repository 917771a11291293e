import type { DataProvider, GetListResult } from 'react-admin';
import { canAccessEntity } from '../resources/canAccess';
import type { EntityDeclaration } from '../resources/entity';
import type { StartQuery } from './routeQueries';

/** What react-admin's list keeps per resource in its store (useListParams). */
interface StoredListParams {
  sort?: string;
  order?: 'ASC' | 'DESC';
  page?: number | string;
  perPage?: number | string;
  filter?: Record<string, unknown>;
}

/** The generated list's page size (EntityList); a list that differs simply is not prefetched in time. */
const PER_PAGE = 25;

function storedParams(resource: string): StoredListParams | null {
  try {
    const raw = window.localStorage.getItem(`RaStore.${resource}.listParams`);
    return raw ? (JSON.parse(raw) as StoredListParams) : null;
  } catch {
    return null;
  }
}

/**
 * The list query react-admin's useListController will run for this list route, or null: the same params
 * as its getQuery (stored params when they say anything, else the declared default sort), so the key matches.
 */
export function routeListQuery(entity: EntityDeclaration) {
  const stored = storedParams(entity.name);
  const custom =
    stored?.filter &&
    (Object.keys(stored.filter).length > 0 ||
      stored.order != null ||
      stored.page !== 1 ||
      stored.perPage != null ||
      stored.sort != null);
  const query: StoredListParams = custom ? { ...stored } : { filter: {} };
  if (!query.sort) {
    query.sort = entity.defaultSort.field;
    query.order = entity.defaultSort.order;
  }
  return {
    pagination: {
      page: Number(query.page ?? 1) || 1,
      perPage: Number(query.perPage ?? PER_PAGE) || PER_PAGE,
    },
    sort: { field: query.sort, order: query.order ?? 'ASC' },
    filter: query.filter ?? {},
  };
}

/**
 * Starts a cold deep link's list request at once, in parallel with the app's and the list's code, under the key
 * useGetList uses ([resource, 'getList', params]): the list mounts and finds its rows there instead of asking
 * only then. Only for a bare list address (/crm/<entity>): with a query string react-admin's own parsing
 * decides, and a different key would only cost one extra request. Only a list the user's groups may open is
 * asked for: a page they may not see calls none of its endpoints.
 */
export async function prefetchRouteList(
  start: StartQuery,
  dataProvider: Pick<DataProvider, 'getList'>,
  entities: readonly EntityDeclaration[],
  location: { pathname: string; search: string },
  groups: Promise<readonly string[]>,
): Promise<void> {
  if (location.search) return;
  const name = location.pathname.replace(/^\/crm\//, '').replace(/\/$/, '');
  const entity = entities.find((e) => e.name === name);
  if (!entity) return;
  const allowed = await groups.then(
    (mine) => canAccessEntity(mine, entity, 'list'),
    () => false,
  );
  if (!allowed) return;
  const params = routeListQuery(entity);
  // Shaped as useGetList's own queryFn shapes it.
  start([entity.name, 'getList', params], (): Promise<GetListResult> =>
    dataProvider
      .getList(entity.name, params)
      .then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
  );
}
