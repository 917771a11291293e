import type { DataProvider } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import type { EndpointClient } from '../../../src/api/callEndpoint';
import { endpointKey } from '../../../src/api/endpoint';
import { prefetchRoutePage, prefetchRouteRecord } from '../../../src/dataProvider/prefetchRoutePage';
import { collectRouteQueries } from '../../../src/dataProvider/routeQueries';
import { getVorgang } from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { getAllVorgangs } from '../../../src/resources/vorgaenge/vorgangList.endpoints';

const seller = Promise.resolve(['APP_KUNDE']);
const nobody = Promise.resolve(['APP_STANDORT_S_WIEN']);

function setUp() {
  const call = vi.fn(() => Promise.resolve({}));
  const getOne = vi.fn(() => Promise.resolve({ data: { id: 5 } }));
  const { start, queries } = collectRouteQueries();
  return {
    call,
    getOne,
    start,
    queries,
    client: { call } as unknown as Pick<EndpointClient, 'call'>,
    dataProvider: { getOne } as unknown as DataProvider,
  };
}

// The keys are the screens' own: VorgangPage's useEndpoint(getVorgang, { params: { id } }), VorgangList's
// useEndpoint(getAllVorgangs, { query: { ...filter, page, perPage } }) and react-admin's useGetOne.
describe('a page’s declared first calls', () => {
  it('starts the Vorgang page’s read under the key the page reads it by', async () => {
    const { start, queries, client, call } = setUp();
    await prefetchRoutePage(start, client, { pathname: '/crm/vorgang/12', search: '' }, seller);
    expect(queries.map((query) => query.queryKey)).toEqual([endpointKey(getVorgang, { params: { id: 12 } })]);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('starts the Vorgänge list with the filters and page its address states', async () => {
    const { start, queries, client } = setUp();
    await prefetchRoutePage(
      start,
      client,
      { pathname: '/crm/vorgang', search: '?status=angebot&page=2' },
      seller,
    );
    expect(queries.map((query) => query.queryKey)).toEqual([
      endpointKey(getAllVorgangs, { query: { status: 'angebot', page: 2, perPage: 25 } }),
    ]);
  });

  it('starts nothing for a person the page is not for, nor for an id that is no number', async () => {
    const { start, queries, client } = setUp();
    await prefetchRoutePage(start, client, { pathname: '/crm/vorgang/12', search: '' }, nobody);
    await prefetchRoutePage(start, client, { pathname: '/crm/vorgang/abc', search: '' }, seller);
    await prefetchRoutePage(start, client, { pathname: '/crm/todos', search: '' }, seller);
    expect(queries).toEqual([]);
  });

  it('starts a customer’s page under react-admin’s getOne key, only for those who may read customers', async () => {
    const { start, queries, dataProvider, getOne } = setUp();
    await prefetchRouteRecord(start, dataProvider, { pathname: '/crm/kunden/5/show' }, seller);
    await prefetchRouteRecord(start, dataProvider, { pathname: '/crm/kunden/5/show' }, nobody);
    await prefetchRouteRecord(start, dataProvider, { pathname: '/crm/kunden/create' }, seller);
    await prefetchRouteRecord(start, dataProvider, { pathname: '/crm/kunden' }, seller);
    expect(queries.map((query) => query.queryKey)).toEqual([['kunden', 'getOne', { id: '5' }]]);
    expect(getOne).toHaveBeenCalledWith('kunden', { id: '5' });
  });
});
