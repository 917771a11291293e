import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createTestDataProvider } from '../support/client';
import { MESSAGES } from '../support/messages';
import { entityNamed, makeRow, type Row } from '../support/rows';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const dataProvider = createTestDataProvider();
// One entity with only `list` and `write` (plus `remove`), one with separate read-one and create calls.
const labels = entityNamed('admin/labels');
const customers = entityNamed('kunden');

/** Records what the fake API received on a path, answering with `result`. */
function capture(method: 'get' | 'post' | 'put', path: string, result: (body: unknown) => unknown) {
  const seen: { query: URLSearchParams; body: unknown }[] = [];
  server.use(
    http[method](apiPath(path), async ({ request }) => {
      const body = method === 'get' ? undefined : await request.json();
      seen.push({ query: new URL(request.url).searchParams, body });
      return envelope(result(body) as Row);
    }),
  );
  return seen;
}

async function rejectionOf(call: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('createEntityDataProvider', () => {
  it('asks the list endpoint for a page and returns the unwrapped rows and total', async () => {
    const rows = [makeRow(labels, 1), makeRow(labels, 2)];
    const seen = capture('get', labels.endpoints.list, () => ({ data: rows, total: 42 }));
    const result = await dataProvider.getList('admin/labels', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'name', order: 'DESC' },
      filter: { q: 'rot' },
    });
    expect(result).toEqual({ data: rows, total: 42 });
    expect(Object.fromEntries(seen[0]!.query)).toEqual({
      page: '3',
      perPage: '10',
      sort: 'name',
      order: 'DESC',
      filter: '{"q":"rot"}',
    });
  });

  it('reads one record through the separate read-one call where the entity declares one', async () => {
    const result = await dataProvider.getOne('kunden', { id: 5 });
    expect(result).toEqual({ data: makeRow(customers, 5) });
    expect(customers.endpoints.one).toBeDefined();
  });

  it('fetches referenced records by id through the list endpoint', async () => {
    const result = await dataProvider.getMany('admin/labels', { ids: [2, 1] });
    expect(result.data.map((row) => row.id)).toEqual([2, 1]);
  });

  it('creates through the create call and sends only declared fields', async () => {
    const seen = capture('post', customers.endpoints.create!, (body) => ({
      ...(body as object),
      id: 9,
      version: 1,
    }));
    const result = await dataProvider.create('kunden', {
      data: { firstName: 'Eva', lastName: 'Berger', id: 1, version: 3, createdAt: 'x', unknown: true },
    });
    expect(seen[0]!.body).toEqual({ firstName: 'Eva', lastName: 'Berger' });
    expect(result.data).toEqual({ firstName: 'Eva', lastName: 'Berger', id: 9, version: 1 });
  });

  it('updates with the version the user started from', async () => {
    const seen = capture('put', `${labels.endpoints.write}/:id`, (body) => ({ ...(body as object), id: 2 }));
    const previousData = makeRow(labels, 2);
    await dataProvider.update('admin/labels', {
      id: 2,
      data: { ...previousData, name: 'Neu', version: 7 },
      previousData,
    });
    const { id: _id, updatedAt: _at, updatedBy: _by, ...declared } = previousData;
    // Version 1, the one loaded, not the 7 of the form data: a colleague's save in between must be a 409.
    expect(seen[0]!.body).toEqual({ ...declared, name: 'Neu', version: 1 });
  });

  it('rejects a stale save (409) with the German conflict message', async () => {
    server.use(
      http.put(apiPath(`${labels.endpoints.write}/:id`), () => errorEnvelope(409, MESSAGES.conflict)),
    );
    const previousData = makeRow(labels, 2);
    const error = await rejectionOf(
      dataProvider.update('admin/labels', { id: 2, data: { ...previousData, name: 'Neu' }, previousData }),
    );
    expect([error.status, error.message]).toEqual([409, MESSAGES.conflict]);
  });

  it('passes field errors of a 400 on to the form', async () => {
    server.use(
      http.post(apiPath(labels.endpoints.write!), () =>
        errorEnvelope(400, MESSAGES.invalid, { name: MESSAGES.duplicateLabel }),
      ),
    );
    const error = await rejectionOf(dataProvider.create('admin/labels', { data: { name: 'Rot' } }));
    expect(error.body).toEqual({ errors: { name: MESSAGES.duplicateLabel } });
  });

  it('rejects a forbidden list (403) and an unreachable server with the German message', async () => {
    server.use(http.get(apiPath(labels.endpoints.list), () => errorEnvelope(403, MESSAGES.forbidden)));
    const params = {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'name', order: 'ASC' as const },
      filter: {},
    };
    expect((await rejectionOf(dataProvider.getList('admin/labels', params))).message).toBe(
      MESSAGES.forbidden,
    );
    server.use(http.get(apiPath(labels.endpoints.list), () => HttpResponse.error()));
    expect((await rejectionOf(dataProvider.getList('admin/labels', params))).message).toBe(MESSAGES.offline);
  });

  it('deletes through the remove call and keeps the server’s notice', async () => {
    server.use(
      http.delete(apiPath(`${labels.endpoints.remove}/:id`), ({ params }) =>
        envelope({
          data: { ...makeRow(labels, Number(params.id)), active: false },
          deactivated: true,
          message: 'Das Label wird noch verwendet und wurde deaktiviert.',
        }),
      ),
    );
    const { data } = await dataProvider.delete('admin/labels', { id: 2 });
    expect(data).toMatchObject({
      id: 2,
      active: false,
      deactivated: true,
      notice: 'Das Label wird noch verwendet und wurde deaktiviert.',
    });
  });
});
