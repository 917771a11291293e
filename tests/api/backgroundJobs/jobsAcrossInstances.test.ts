import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBulkAction } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { CHUNK } from '../../../server/bulkActions/bulkItemsJob';
import { connectionStringOf } from '../../../server/platform/db/database';
import type { JobKind } from '../../../server/platform/jobs/defineJob';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];
const ADMIN = ['APP_ADMIN'];
const CUSTOMERS = 10 * CHUNK;

/** The job kinds each instance ran, as its library handed them over (one call per job). */
function runsOf(t: TestApp) {
  // The library's handler of this instance; every job it takes passes here once. It is private, so the spy
  // needs the cast.
  const run = vi.spyOn(
    t.app.jobs as unknown as { run: (kind: JobKind, job: { id: string }) => unknown },
    'run',
  );
  return () => run.mock.calls.map(([kind, job]) => ({ name: kind.name, id: job.id }));
}

describe('background jobs on the job library, two instances over one database', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // A fast look for due periodic jobs, so a minute's job is there soon after the minute begins.
    a = await createTestApp({ jobs: { cronMonitorSeconds: 2 }, instanceName: 'instanz-a' });
    b = await createTestApp({
      databaseUrl: connectionStringOf(a.db),
      jobs: { cronMonitorSeconds: 2 },
      instanceName: 'instanz-b',
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('hands each chunk of a bulk job to one instance once: both work, every record is changed once', async () => {
    const label = (
      await sql<{ id: number }>`INSERT INTO label (name, for_customer, active)
        VALUES ('Zwei Instanzen', true, true) RETURNING id`.execute(a.db)
    ).rows[0]!.id;
    await sql`INSERT INTO customer (last_name, first_name, city)
      SELECT 'Instanzkunde' || n, 'Nr', 'Wels' FROM generate_series(1, ${CUSTOMERS}) n`.execute(a.db);
    const ranOnA = runsOf(a);
    const ranOnB = runsOf(b);
    const { id: job } = await resultOf(
      a.callEndpoint(ADMIN.concat(SELLER), startBulkAction, {
        body: {
          target: 'kunden',
          action: { kind: 'labelHinzu', labelId: label },
          selection: { filter: { q: 'Instanzkunde' } },
        },
      }),
    );
    const tries = async () =>
      (
        await sql<{ state: string; retries: number; n: number }>`
          SELECT state::text, max(retry_count)::int AS retries, count(*)::int AS n FROM pgboss.job
          WHERE name = 'bulkActions.items' AND (data->>'bulkJobId')::int = ${job} GROUP BY state`.execute(
          a.db,
        )
      ).rows;
    await expect
      .poll(
        async () =>
          (await sql<{ state: string }>`SELECT state FROM bulk_job WHERE id = ${job}`.execute(a.db)).rows[0]!
            .state,
        { timeout: 60_000, interval: 250 },
      )
      .toBe('fertig')
      // Where the chunks stand, should it not end: taken, failed and waiting for a retry, or never taken.
      .catch(async (error: Error) => {
        error.message += `\nTeile des Auftrags: ${JSON.stringify(await tries())}`;
        throw error;
      });
    const chunks = (ran: ReturnType<typeof runsOf>) =>
      ran().filter((run) => run.name === 'bulkActions.items');
    const onA = chunks(ranOnA);
    const onB = chunks(ranOnB);
    // Ten chunks, each taken by one instance once; both instances took part.
    expect(onA.length + onB.length).toBe(CUSTOMERS / CHUNK);
    expect(new Set([...onA, ...onB].map((run) => run.id)).size).toBe(CUSTOMERS / CHUNK);
    expect(onA.length).toBeGreaterThan(0);
    expect(onB.length).toBeGreaterThan(0);
    // Every customer has the label once and one change record of the job; no chunk was tried twice.
    const changes = await sql<{ records: number; customers: number }>`
      SELECT count(*)::int AS records, count(DISTINCT record_id)::int AS customers
      FROM change_record WHERE bulk_job_id = ${job}`.execute(a.db);
    expect(changes.rows[0]).toEqual({ records: CUSTOMERS, customers: CUSTOMERS });
    const labelled = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM customer_label WHERE label_id = ${label}`.execute(a.db);
    expect(labelled.rows[0]!.n).toBe(CUSTOMERS);
    await expect
      .poll(tries, { timeout: 10_000 })
      .toEqual([{ state: 'completed', retries: 0, n: CUSTOMERS / CHUNK }]);
  }, 120_000);

  it('runs a periodic job once per period, although both instances look for it', async () => {
    // The minute that begins after both instances run: each instance's look (every 2 s) finds it due.
    const since = (
      await sql<{ next: Date }>`SELECT date_trunc('minute', now()) + interval '1 minute' AS next`.execute(
        a.db,
      )
    ).rows[0]!.next;
    const perMinute = async () =>
      (
        await sql<{ name: string; minute: string; n: number }>`
          SELECT name, to_char(date_trunc('minute', created_on), 'HH24:MI') AS minute, count(*)::int AS n
          FROM pgboss.job WHERE name IN ('bulkActions.adopt', 'mail.adoptWaiting') AND created_on >= ${since}
          GROUP BY 1, 2 ORDER BY 1, 2`.execute(a.db)
      ).rows;
    await expect.poll(async () => (await perMinute()).length, { timeout: 100_000, interval: 1000 }).toBe(2);
    // Some seconds more, in which the other instance looks again and again: still one each.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const rows = await perMinute();
    expect(rows.filter((row) => row.minute === rows[0]!.minute).map((row) => [row.name, row.n])).toEqual([
      ['bulkActions.adopt', 1],
      ['mail.adoptWaiting', 1],
    ]);
  }, 120_000);
});
