import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { migrationFiles } from '../../../server/platform/db/migrate';
import { adminQuery } from '../../support/adminQuery';

// The first migration that partitions; everything before it is the old layout.
const FIRST_PARTITIONING = '202611291430';

/** Rows of a table as text, ordered, so two layouts can be compared whole. */
const digest = async (db: pg.Client, table: string, order: string) =>
  (
    await db.query<{ rows: number; digest: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY ${order}), '')) AS digest
       FROM ${table} t`,
    )
  ).rows[0]!;

/*
 * The partitioning migrations on a copy of the old layout with rows in it (months back, this month, a row
 * without a month made for it ahead): nothing is lost, every row sits in its month's partition, the ids go on
 * from the old sequence, and the tables answer the old statements (the previous release's INSERTs).
 */
describe('partitioning the tables that grow without bound', () => {
  let db: pg.Client;
  const name = `partition_migration_${process.pid}_${Date.now()}`;
  const serverUrl = inject('postgresServerUrl');
  const before: Record<string, { rows: number; digest: string }> = {};
  const tables = {
    change_record: 'id',
    vorgang_event: 'id',
    analytics_event: 'id',
    idempotency_key: 'caller_oid, key',
  } as const;

  beforeAll(async () => {
    await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
    db = new pg.Client({ connectionString: `${serverUrl}/${name}` });
    await db.connect();
    const files = await migrationFiles();
    for (const file of files.filter((f) => f.name < FIRST_PARTITIONING))
      await db.query(await readFile(file.file, 'utf8'));
    // Old layout with rows: 14 months of Änderungsverlauf, Vorgang history, usage, keys and counters.
    await db.query(`
      INSERT INTO customer (customer_number, company_name) VALUES ('K-P1', 'Partition GmbH');
      INSERT INTO vorgang (vorgang_number, customer_id, title)
        SELECT 'V-P1', id, 'Fenster' FROM customer WHERE customer_number = 'K-P1';
      INSERT INTO change_record (at, actor_name, area, record_id, action, changes, customer_id)
        SELECT now() - make_interval(days => d * 30), 'Anna', 'kunde', d, 'update', jsonb_build_object('n', d), d
        FROM generate_series(0, 420) d;
      INSERT INTO vorgang_event (vorgang_id, kind, details, changed_at)
        SELECT (SELECT max(id) FROM vorgang), 'eigener_status', jsonb_build_object('n', d), now() - make_interval(days => d)
        FROM generate_series(0, 400, 7) d;
      INSERT INTO analytics_event (kind, user_oid, occurred_at)
        SELECT 'login', 'oid-' || (d % 5), now() - make_interval(days => d) FROM generate_series(0, 500, 3) d;
      INSERT INTO idempotency_key (caller_oid, key, request_hash, response_body, created_at)
        SELECT 'oid', gen_random_uuid(), 'h' || d, '{"id": 1}', now() - make_interval(hours => d) FROM generate_series(0, 200) d;
      INSERT INTO rate_limit_hit (key, hits, window_ends) VALUES ('GET /x|1.2.3.4', 3, now() + interval '30 seconds');`);
    for (const [table, order] of Object.entries(tables)) before[table] = await digest(db, table, order);
    for (const file of files.filter((f) => f.name >= FIRST_PARTITIONING))
      await db.query(await readFile(file.file, 'utf8'));
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name}`);
  });

  it('keeps every row, each in the partition of its month, and nothing in the default partition', async () => {
    for (const [table, order] of Object.entries(tables)) {
      const target = table === 'idempotency_key' ? 'idempotency_claim' : table;
      expect(await digest(db, target, order), target).toEqual(before[table]);
      const { rows } = await db.query<{ kind: string }>(
        `SELECT c.relkind AS kind FROM pg_class c WHERE c.oid = '${target}'::regclass`,
      );
      expect(rows[0]!.kind, `${target} is partitioned`).toBe('p');
      const stray = await db.query(`SELECT 1 FROM ${target}_default`);
      expect(stray.rowCount, `${target}_default`).toBe(0);
    }
    // 14 months back and two ahead: one partition per month.
    const { rows: months } = await db.query<{ months: number }>(
      `SELECT count(*)::int AS months FROM pg_inherits WHERE inhparent = 'change_record'::regclass`,
    );
    expect(months[0]!.months).toBeGreaterThanOrEqual(15 + 2 + 1);
    const inPlace = await db.query<{ wrong: number }>(`
      SELECT count(*)::int AS wrong FROM change_record
      WHERE tableoid::regclass::text <> 'change_record_p' || to_char(at AT TIME ZONE 'UTC', 'YYYYMM')`);
    expect(inPlace.rows[0]!.wrong).toBe(0);
  });

  it("goes on with the old ids and takes the previous release's statements", async () => {
    const last = (await db.query<{ id: number }>('SELECT max(id)::int AS id FROM change_record')).rows[0]!.id;
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO change_record (actor_name, area, record_id, action) VALUES ('Bert', 'kunde', 1, 'create') RETURNING id::int`,
    );
    expect(rows[0]!.id).toBeGreaterThan(last);
    // The Vorgang's history keeps its foreign key: deleting the Vorgang deletes its events in every month.
    await db.query(`DELETE FROM vorgang WHERE id = (SELECT max(id) FROM vorgang)`);
    expect((await db.query('SELECT 1 FROM vorgang_event')).rowCount).toBe(0);
    // No copy of the old layout is left behind (it would keep personal data out of an erasure's reach).
    const left = await db.query(`SELECT 1 FROM pg_class WHERE relname LIKE '%before_partitioning%'`);
    expect(left.rowCount).toBe(0);
    // The old table's check constraint came along.
    await expect(
      db.query(
        `INSERT INTO change_record (actor_name, area, record_id, action) VALUES ('B', 'kunde', 1, 'weg')`,
      ),
    ).rejects.toThrow(/check constraint/);
  });
});
