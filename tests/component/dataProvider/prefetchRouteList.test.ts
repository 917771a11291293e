import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchRouteList } from '../../../src/dataProvider/prefetchRouteList';
import { collectRouteQueries } from '../../../src/dataProvider/routeQueries';
import { entityNamed } from '../support/rows';

const customers = entityNamed('kunden');
const seller = Promise.resolve(['APP_KUNDE']);

function setUp() {
  const getList = vi.fn(() => Promise.resolve({ data: [{ id: 1 }], total: 1 }));
  const { start, queries } = collectRouteQueries();
  return {
    getList,
    start,
    queries,
    dataProvider: { getList } as unknown as DataProvider,
  };
}

// That the mounted list finds the prefetched query under its own key, and follows the params react-admin
// stored, is proven by mounting the real lists: tests/component/reactAdmin/listQuery.test.tsx.
describe('prefetchRouteList', () => {
  afterEach(() => window.localStorage.clear());

  it('asks for a bare list route at once, with the declared default sort and 25 rows', async () => {
    const { getList, start, queries, dataProvider } = setUp();
    await prefetchRouteList(
      start,
      dataProvider,
      [customers],
      { pathname: '/crm/kunden', search: '' },
      seller,
    );
    const params = {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'displayName', order: 'ASC' },
      filter: {},
    };
    expect(getList).toHaveBeenCalledWith('kunden', params);
    expect(queries).toHaveLength(1);
  });

  it('takes the list params react-admin stored for the list', async () => {
    const { getList, start, dataProvider } = setUp();
    const stored = { sort: 'city', order: 'DESC', page: 3, perPage: 50, filter: { mine: true } };
    window.localStorage.setItem('RaStore.kunden.listParams', JSON.stringify(stored));
    await prefetchRouteList(
      start,
      dataProvider,
      [customers],
      { pathname: '/crm/kunden', search: '' },
      seller,
    );
    expect(getList).toHaveBeenCalledWith('kunden', {
      pagination: { page: 3, perPage: 50 },
      sort: { field: 'city', order: 'DESC' },
      filter: { mine: true },
    });
  });

  it('asks for nothing the user may not open, or when the groups could not be read', async () => {
    const { getList, start, queries, dataProvider } = setUp();
    const location = { pathname: '/crm/kunden', search: '' };
    await prefetchRouteList(
      start,
      dataProvider,
      [customers],
      location,
      Promise.resolve(['APP_STANDORT_S_WIEN']),
    );
    await prefetchRouteList(start, dataProvider, [customers], location, Promise.reject(new Error('401')));
    expect(getList).not.toHaveBeenCalled();
    expect(queries).toEqual([]);
  });

  it('leaves other addresses to the views', async () => {
    const { getList, start, dataProvider } = setUp();
    for (const location of [
      { pathname: '/crm/kunden/5/show', search: '' },
      { pathname: '/crm/kunden', search: '?filter=%7B%7D' },
      { pathname: '/crm/dashboard', search: '' },
    ])
      await prefetchRouteList(start, dataProvider, [customers], location, seller);
    expect(getList).not.toHaveBeenCalled();
  });
});
