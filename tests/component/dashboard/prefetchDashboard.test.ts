import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { EndpointClient } from '../../../src/api/callEndpoint';
import { endpointKey } from '../../../src/api/endpoint';
import { getDashboardFigures } from '../../../src/resources/dashboard/dashboard.endpoints';
import { collectRouteQueries, seedRouteQueries } from '../../../src/dataProvider/routeQueries';
import { prefetchDashboard } from '../../../src/resources/dashboard/prefetchDashboard';

function setUp() {
  const call = vi.fn((path: string) => Promise.resolve({ path }));
  return {
    call,
    queryClient: new QueryClient(),
    ...collectRouteQueries(),
    client: { call } as unknown as Pick<EndpointClient, 'call'>,
  };
}
const dashboard = { pathname: '/crm/dashboard', search: '' };

describe('prefetchDashboard', () => {
  it("starts Heute, Kennzahlen and the lists at once, under the keys the page's useEndpoint uses", async () => {
    const { call, queryClient, start, queries, client } = setUp();
    await prefetchDashboard(start, client, dashboard, Promise.resolve(['APP_KUNDE']));
    const paths = call.mock.calls.map(([path]) => path);
    expect(paths).toEqual([
      expect.stringContaining('todo/getTodos'),
      expect.stringContaining('dashboard/getFigures'),
      expect.stringContaining('dashboard/getLists'),
    ]);
    const key = endpointKey(getDashboardFigures, { query: {} });
    seedRouteQueries(queryClient, queries);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(key)).toEqual({
        path: expect.stringContaining('dashboard/getFigures'),
      }),
    );
  });

  it('asks for nothing without APP_KUNDE, when the groups fail, on another page or with a scope', async () => {
    const { call, start, client } = setUp();
    await prefetchDashboard(start, client, dashboard, Promise.resolve(['APP_NPS', 'APP_STANDORT_1_Wien']));
    await prefetchDashboard(start, client, dashboard, Promise.reject(new Error('offline')));
    await prefetchDashboard(
      start,
      client,
      { pathname: '/crm/kunden', search: '' },
      Promise.resolve(['APP_KUNDE']),
    );
    await prefetchDashboard(
      start,
      client,
      { pathname: '/crm/dashboard', search: '?scope=branch' },
      Promise.resolve(['APP_KUNDE']),
    );
    expect(call).not.toHaveBeenCalled();
  });
});
