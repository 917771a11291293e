import { QueryClient } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import type { AuthProvider, DataProvider, GetListParams } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  collectRouteQueries,
  ENTITIES,
  GROUPS,
  prefetchRouteList,
  routeListQuery,
  seedAuthQueries,
  seedRouteQueries,
} from '../support/app';
import { createTestDataProvider } from '../support/client';
import { renderCrmAdmin } from '../support/crmAdmin';
import { listRows } from '../support/queries';
import { entityNamed } from '../support/rows';
import { ROWS_PER_LIST, server } from '../support/server';

// A cold list address asks for its rows before react-admin runs (prefetchRouteList), under the key
// react-admin's useGetList will read ([resource, 'getList', {pagination, sort, filter, meta}]) with the params
// its list controller derives (stored list params, else the declared defaultSort and 25 rows). Neither the key
// nor the derivation is react-admin's public contract: these tests mount the real lists (the screens CrmApp
// mounts) and fail when the list no longer finds the prefetched rows and asks the API itself.

const everyGroup = Object.values(GROUPS) as string[];
const authProvider: AuthProvider = {
  checkAuth: () => Promise.resolve(),
  getPermissions: () => Promise.resolve(everyGroup),
  // seedAuthQueries answers the opened entity's canAccess under the keys useCanAccess/useRequireAccess use.
  canAccess: vi.fn(() => Promise.resolve(true)),
  login: () => Promise.resolve(),
  logout: () => Promise.resolve(),
  checkError: () => Promise.resolve(),
};

/** Every GET the page sends from now on, with its query string. */
function recordGets() {
  const urls: string[] = [];
  const record = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'GET') urls.push(`${url.pathname}${url.search}`);
  };
  server.events.on('request:start', record);
  return { urls, stop: () => server.events.removeListener('request:start', record) };
}

/** A cold load of `/crm/<name>` as CrmGuard and CrmApp do it: prefetch, seed, mount. */
async function coldList(name: string, { answered }: { answered: boolean }) {
  const path = `/crm/${name}`;
  const { start, queries } = collectRouteQueries();
  const gets = recordGets();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  const dataProvider = createTestDataProvider();
  const getList = vi.fn((resource: string, params: GetListParams) =>
    // In flight: the answer is held back until the list has mounted on it.
    answered
      ? dataProvider.getList(resource, params)
      : held.then(() => dataProvider.getList(resource, params)),
  );
  await prefetchRouteList(
    start,
    { getList } as Pick<DataProvider, 'getList'>,
    ENTITIES,
    { pathname: path, search: '' },
    Promise.resolve(everyGroup),
  );
  expect(queries).toHaveLength(1);
  if (answered) await queries[0]!.promise;
  const queryClient = new QueryClient();
  seedAuthQueries(queryClient, everyGroup, path);
  seedRouteQueries(queryClient, queries);
  renderCrmAdmin({ path, queryClient, authProvider });
  release();
  await listRows(ROWS_PER_LIST);
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  gets.stop();
  // The first GET of the list's endpoint is the prefetch (held back or not). The list's own page request is that
  // one: the page sends it no second time. (Other queries of a screen, such as Eigene Status' board order, ask
  // the same endpoint with their own params.)
  const ofList = gets.urls.filter((url) => url.startsWith(`/api/${entityNamed(name).endpoints.list}?`));
  expect(getList).toHaveBeenCalledTimes(1);
  return { again: ofList.slice(1).filter((url) => url === ofList[0]) };
}

afterEach(() => localStorage.clear());

describe('a prefetched list query', () => {
  it.each(ENTITIES.map((entity) => entity.name))(
    'is the one the mounted %s list uses: its rows show and it sends no list request',
    async (name) => {
      vi.mocked(authProvider.canAccess!).mockClear();
      const { again } = await coldList(name, { answered: true });
      expect(again).toEqual([]);
      // The list's access check (and its buttons') came from the seeded answers, not from the auth provider.
      expect(vi.mocked(authProvider.canAccess!).mock.calls.filter(([p]) => p.resource === name)).toEqual([]);
    },
  );

  it('is waited for by the list when it is still in flight', async () => {
    const { again } = await coldList('kunden', { answered: false });
    expect(again).toEqual([]);
  });

  it("follows the list params react-admin stored for the list (its store's key and shape)", async () => {
    // A list opened with its own sort and page size stores them (RaStore.<resource>.listParams) ...
    const first = renderCrmAdmin({
      path: `/crm/kunden?sort=city&order=DESC&page=1&perPage=10&filter=${encodeURIComponent('{}')}`,
      queryClient: new QueryClient(),
      authProvider,
    });
    await listRows(ROWS_PER_LIST);
    first.unmount();
    expect(routeListQuery(entityNamed('kunden'))).toEqual({
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'city', order: 'DESC' },
      filter: {},
    });
    // ... and the next cold load of the bare address prefetches exactly what the list asks for.
    const { again } = await coldList('kunden', { answered: true });
    expect(again).toEqual([]);
  });
});
