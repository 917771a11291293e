import { http, HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../support/app';
import { MESSAGES } from '../support/messages';
import { fakeSession } from '../support/client';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const { api, blob } = createApiClient(fakeSession, '/api');

/** The rejection of a call, which must be react-admin's HttpError (it shows `message`, forms read `body.errors`). */
async function failureOf(call: Promise<unknown>): Promise<HttpError> {
  const error: unknown = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('createApiClient', () => {
  it('unwraps the {statusCode, result} envelope and sends the token, the query and a JSON body', async () => {
    let seen: { auth: string | null; type: string | null; query: string; body: unknown } | undefined;
    server.use(
      http.post(apiPath('demo/echo'), async ({ request }) => {
        seen = {
          auth: request.headers.get('Authorization'),
          type: request.headers.get('Content-Type'),
          query: new URL(request.url).search,
          body: await request.json(),
        };
        return envelope({ id: 7, name: 'Muster' });
      }),
    );
    const result = await api<{ id: number; name: string }>('demo/echo', {
      method: 'POST',
      query: { page: 2, q: 'Ä b', skipped: undefined },
      body: { name: 'Muster' },
    });
    expect(result).toEqual({ id: 7, name: 'Muster' });
    expect(seen).toEqual({
      auth: 'Bearer test-token',
      type: 'application/json',
      query: '?page=2&q=%C3%84+b',
      body: { name: 'Muster' },
    });
  });

  it('turns a 400 with field errors into an HttpError that carries them for the form', async () => {
    server.use(
      http.post(apiPath('demo/save'), () =>
        errorEnvelope(400, MESSAGES.invalid, { name: MESSAGES.duplicateLabel }),
      ),
    );
    const error = await failureOf(api('demo/save', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.message).toBe(MESSAGES.invalid);
    expect(error.body).toEqual({ errors: { name: MESSAGES.duplicateLabel } });
  });

  it.each([
    [403, MESSAGES.forbidden],
    [409, MESSAGES.conflict],
  ])('passes the German message of a %i on', async (status, message) => {
    server.use(http.get(apiPath('demo/item'), () => errorEnvelope(status, message)));
    const error = await failureOf(api('demo/item'));
    expect(error.status).toBe(status);
    expect(error.message).toBe(message);
    expect(error.body).toEqual({});
  });

  it('refuses an envelope that reports an error even when HTTP says 200 (legacy answers)', async () => {
    server.use(
      http.get(apiPath('demo/item'), () =>
        HttpResponse.json({ statusCode: 403, result: { message: MESSAGES.forbidden } }),
      ),
    );
    expect((await failureOf(api('demo/item'))).message).toBe(MESSAGES.forbidden);
  });

  it('names the HTTP status when the answer is not the JSON envelope', async () => {
    server.use(http.get(apiPath('demo/item'), () => new HttpResponse('Bad Gateway', { status: 502 })));
    const error = await failureOf(api('demo/item'));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Serverfehler (HTTP 502)');
  });

  it('reports a network failure in German', async () => {
    server.use(http.get(apiPath('demo/item'), () => HttpResponse.error()));
    const error = await failureOf(api('demo/item'));
    expect(error.status).toBe(0);
    expect(error.message).toBe(MESSAGES.offline);
  });

  it('returns the bytes of a download, and the German message when it fails', async () => {
    server.use(
      http.get(
        apiPath('demo/file'),
        () => new HttpResponse('a;b\n1;2\n', { headers: { 'Content-Type': 'text/csv' } }),
      ),
      http.get(apiPath('demo/missing'), () => errorEnvelope(404, 'Der Datensatz wurde nicht gefunden.')),
      http.get(apiPath('demo/offline'), () => HttpResponse.error()),
    );
    expect(await (await blob('demo/file')).text()).toBe('a;b\n1;2\n');
    expect((await failureOf(blob('demo/missing'))).message).toBe('Der Datensatz wurde nicht gefunden.');
    expect((await failureOf(blob('demo/offline'))).message).toBe(MESSAGES.offline);
  });
});
