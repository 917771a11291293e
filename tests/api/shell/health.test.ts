import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionStringOf } from '../../../server/platform/db/database';
import { drainAndClose } from '../../../server/platform/lifecycle/drain';
import { drainingMessage } from '../../../server/platform/lifecycle/lifecyclePlugin';
import { RECONNECT_AFTER_SHUTDOWN_MS } from '../../../server/vorgaenge/kanban/kanbanStream';
import { openSse } from '../../support/sseStream';
import { createTestApp, type TestApp } from '../../support/testApp';

/** One GET on a connection of its own (no pooled socket), answering the status or the socket error's code. */
const getOnce = (url: string) =>
  new Promise<number | string>((resolve) => {
    const req = request(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.end();
  });

describe('liveness and readiness', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live and ready without a token, and keeps /api/health', async () => {
    for (const [url, result] of [
      ['/api/health/live', { status: 'ok' }],
      ['/api/health/ready', { status: 'ok', database: 'ok', migrations: 'ok', files: 'ok' }],
      ['/api/health', { status: 'ok', database: 'ok' }],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ statusCode: 200, result });
    }
  });

  it('is not ready while the database lacks a migration of this code, but stays live', async () => {
    const { rows } = await sql<{ name: string }>`DELETE FROM kysely_migration
      WHERE name = (SELECT max(name) FROM kysely_migration) RETURNING name`.execute(t.db);
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().result.message).toBe(`Der Datenbank fehlen Migrationen: ${rows[0]!.name}.`);
      expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await sql`INSERT INTO kysely_migration (name, timestamp) VALUES (${rows[0]!.name}, now())`.execute(
        t.db,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
  });
});

describe('requests while draining', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    t.app.lifecycle.draining = false;
    await t.close();
  });

  it('refuses what a proxy may send to another instance with 503 before doing it, and still serves writes without a key', async () => {
    const headers = { authorization: `Bearer ${await t.tokenFor(['APP_ADMIN'])}` };
    const key = '0b7f5a3e-4c1d-4e2a-9f6b-1a2b3c4d5e6f';
    t.app.lifecycle.draining = true;

    const read = await t.app.inject({ method: 'GET', url: '/api/label/getLabels', headers });
    expect(read.statusCode).toBe(503);
    expect(read.headers.connection).toBe('close');
    expect(read.headers['retry-after']).toBe('1');
    expect(read.json().result.message).toBe(drainingMessage);

    // A create with an Idempotency-Key: refused, nothing written (the proxy sends it on, the key stays free).
    const keyed = await t.app.inject({
      method: 'POST',
      url: '/api/label/putLabel',
      headers: { ...headers, 'idempotency-key': key },
      payload: { name: 'Beim Herunterfahren mit Schlüssel', color: '#336699' },
    });
    expect(keyed.statusCode).toBe(503);

    // Without a key nginx would not repeat it: it is served, and the answer closes the connection.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/label/putLabel',
      headers,
      payload: { name: 'Beim Herunterfahren ohne Schlüssel', color: '#336699' },
    });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers.connection).toBe('close');

    // The health checks answer as always (liveness stays 200).
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);

    t.app.lifecycle.draining = false;
    const { rows } = await sql<{
      name: string;
    }>`SELECT name FROM label WHERE name LIKE 'Beim Herunterfahren%'`.execute(t.db);
    expect(rows.map((row) => row.name)).toEqual(['Beim Herunterfahren ohne Schlüssel']);
    // After the restart the same key creates once, as its first request.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/label/putLabel',
      headers: { ...headers, 'idempotency-key': key },
      payload: { name: 'Beim Herunterfahren mit Schlüssel', color: '#336699' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('draining on shutdown', () => {
  let t: TestApp;
  let closed = false;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('goes unready first, then refuses new connections, finishes requests in flight and ends streams with a retry hint', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const stream = await openSse(`${base}/api/vorgang/kanban-events`, {
      authorization: `Bearer ${await t.tokenFor(['APP_KUNDE'])}`,
    });
    expect(stream.status).toBe(200);

    // A request in flight: the readiness check waits for a lock the test holds on the migrations table.
    const locker = new pg.Client({ connectionString: connectionStringOf(t.db) });
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE kysely_migration IN ACCESS EXCLUSIVE MODE');
    const inFlight = getOnce(`${base}/api/health/ready`);
    await new Promise((resolve) => setTimeout(resolve, 300));

    const drained = drainAndClose(t.app, { delayMs: 1000, timeoutMs: 10_000 });
    // During the delay the instance still serves, but tells the load balancer it is not ready.
    expect(await getOnce(`${base}/api/health/ready`)).toBe(503);
    expect(await getOnce(`${base}/api/health/live`)).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json().result.message).toBe(
      'Diese Instanz wird heruntergefahren und nimmt keine neuen Anfragen an.',
    );

    // After the delay the listener is closed: a new connection is refused (a proxy tries another instance).
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(await getOnce(`${base}/api/health/live`)).toBe('ECONNREFUSED');
    // The event stream was ended with a short reconnect pause.
    await stream.ended;
    expect(stream.retries.at(-1)).toBe(RECONNECT_AFTER_SHUTDOWN_MS);

    // The request in flight still gets its answer once its lock is released; then the drain completes.
    let done = false;
    void drained.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(done).toBe(false);
    await locker.query('COMMIT');
    await locker.end();
    expect(await inFlight).toBe(200);
    await drained;
    closed = true;
    await t.close();
  });
});
