import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneChangeHistory } from '../../../server/changeHistory/pruneChanges';
import { makePartitionsAhead } from '../../../server/platform/db/partitionJob';
import { partitionsOf } from '../../../server/platform/db/partitionQueries';
import { pruneRateLimitHits } from '../../../server/platform/http/rateLimitStore';
import { pruneIdempotencyKeys } from '../../../server/platform/idempotency/pruneKeys';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, type TestApp } from '../../support/testApp';

/** The partition name of the month `monthsBack` before this one (UTC), as the migration names it. */
const monthPartition = (table: string, monthsBack: number) => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  return `${table}_p${month.getUTCFullYear()}${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
};

/*
 * Retention on the partitioned tables: the periodic jobs drop whole months (hours for the rate limit's counters)
 * and trim the month the limit falls in; the coming months are made ahead, and rows that landed in the default
 * partition meanwhile move into their month.
 */
describe('partition retention', () => {
  let t: TestApp;
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    (await query.execute(t.db)).rows[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('drops the Änderungsverlauf’s months older than the kept months and trims the month of the limit', async () => {
    await sql`SELECT ensure_time_partitions('change_record', 'month', now() - interval '30 months', now())`.execute(
      t.db,
    );
    await sql`INSERT INTO global_settings (id, change_history_months) VALUES (1, 24)
      ON CONFLICT (id) DO UPDATE SET change_history_months = 24`.execute(t.db);
    // 30, 26 and 25 months back; 24 months and 10 days back lies in the month the limit falls in, as does a row
    // 23 months and 20 days back (kept); then recent ones.
    await sql`INSERT INTO change_record (at, actor_name, area, record_id, action)
      SELECT now() - a, 'Alt', 'kunden', 1, 'update' FROM unnest(ARRAY[
        interval '30 months', interval '26 months', interval '25 months 2 days', interval '24 months 10 days',
        interval '23 months 20 days', interval '3 months', interval '1 day']) a`.execute(t.db);
    const before = await partitionsOf(t.db, 'change_record');
    expect(before).toContain(monthPartition('change_record', 30));
    const deletedOneByOne = await runJobOnce(pruneChangeHistory, t.app);
    const after = await partitionsOf(t.db, 'change_record');
    for (const back of [30, 28, 26, 25])
      expect(after, `${back} months back`).not.toContain(monthPartition('change_record', back));
    expect(after).toContain(monthPartition('change_record', 23));
    expect(after).toContain(monthPartition('change_record', 0));
    expect(after.at(-1)).toBe('change_record_default');
    // Only the rows of the month the limit falls in were deleted one by one; whole months went by DROP.
    expect(deletedOneByOne).toBeLessThanOrEqual(1);
    const left = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record
      WHERE actor_name = 'Alt'`);
    expect(left).toBe(3);
    const tooOld = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record
      WHERE at < now() - interval '24 months'`);
    expect(tooOld).toBe(0);
  });

  it('makes the coming months ahead and moves rows waiting in the default partition into their month', async () => {
    const next = monthPartition('vorgang_event', -1);
    const inThree = monthPartition('vorgang_event', -3);
    // A row three months ahead has no partition yet: it waits in the default one.
    const vorgang = (
      await sql<{
        id: number;
      }>`WITH c AS (INSERT INTO customer (company_name) VALUES ('Monat GmbH') RETURNING id)
        INSERT INTO vorgang (vorgang_number, customer_id, title) SELECT 'V-M1', id, 'Fenster' FROM c
        RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`INSERT INTO vorgang_event (vorgang_id, kind, changed_at)
      VALUES (${vorgang}, 'verkaeufer', date_trunc('month', now() + interval '3 months') + interval '1 day')`.execute(
      t.db,
    );
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang_event_default`)).toBe(1);
    expect(await partitionsOf(t.db, 'vorgang_event')).toContain(next);
    expect(await partitionsOf(t.db, 'vorgang_event')).not.toContain(inThree);
    // A month later the job makes it (simulated: "now" three months on is what ensure_time_partitions is told).
    await sql`SELECT ensure_time_partitions('vorgang_event', 'month', now(), now() + interval '3 months 5 days')`.execute(
      t.db,
    );
    expect(await partitionsOf(t.db, 'vorgang_event')).toContain(inThree);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang_event_default`)).toBe(0);
    expect(await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(inThree)}`)).toBe(1);
    // The hourly job makes a dropped coming month again.
    await sql`DROP TABLE ${sql.table(monthPartition('analytics_event', -1))}`.execute(t.db);
    expect(await runJobOnce(makePartitionsAhead, t.app)).toBeGreaterThanOrEqual(1);
    expect(await partitionsOf(t.db, 'analytics_event')).toContain(monthPartition('analytics_event', -1));
  });

  it('drops the rate limit’s ended hours and the Idempotency-Keys’ old months', async () => {
    await sql`SELECT ensure_time_partitions('rate_limit_window', 'hour', now() - interval '5 hours', now())`.execute(
      t.db,
    );
    await sql`INSERT INTO rate_limit_window (key, window_ends, hits)
      VALUES ('GET /x|1', now() - interval '4 hours', 9), ('GET /x|1', now() + interval '30 seconds', 2)`.execute(
      t.db,
    );
    const hoursBefore = (await partitionsOf(t.db, 'rate_limit_window')).length;
    expect(await runJobOnce(pruneRateLimitHits, t.app)).toBeGreaterThanOrEqual(4);
    const hours = await partitionsOf(t.db, 'rate_limit_window');
    expect(hours.length).toBeLessThan(hoursBefore);
    const counters = await sql<{ hits: number }>`SELECT hits FROM rate_limit_window`.execute(t.db);
    expect(counters.rows).toEqual([{ hits: 2 }]);
    // Unlogged like the old counters: no WAL for them.
    const logged = await sql<{ p: string }>`SELECT DISTINCT relpersistence AS p FROM pg_class
      WHERE relname LIKE 'rate\\_limit\\_window\\_%' AND relkind = 'r'`.execute(t.db);
    expect(logged.rows).toEqual([{ p: 'u' }]);

    await sql`SELECT ensure_time_partitions('idempotency_claim', 'month', now() - interval '3 months', now())`.execute(
      t.db,
    );
    await sql`INSERT INTO idempotency_claim (caller_oid, key, request_hash, created_at)
      SELECT 'oid', gen_random_uuid(), 'h', now() - a
      FROM unnest(ARRAY[interval '3 months', interval '8 days', interval '1 day']) a`.execute(t.db);
    await runJobOnce(pruneIdempotencyKeys, t.app);
    expect(await partitionsOf(t.db, 'idempotency_claim')).not.toContain(
      monthPartition('idempotency_claim', 3),
    );
    const keys = await count(sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_claim`);
    expect(keys).toBe(1);
  });
});
