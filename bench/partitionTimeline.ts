// Usage: `npx tsx bench/partitionTimeline.ts` — what the monthly partitions of change_record cost a read. On a
// fresh embedded database (2,000 customers), 1,000,000 change records over 48 months (49 partitions) are read
// as a customer's timeline and as the admin view's newest page, 40 times each, from the partitioned table and
// from a copy as one table with the same indexes.
import { sql } from 'kysely';
import { loadavg } from 'node:os';
import { freshBenchDatabase } from './inProcessApp';

const bench = await freshBenchDatabase('partition-timeline', 5644, 2000);
const { db } = bench;
try {
  await sql`SELECT ensure_time_partitions('change_record', 'month', now() - interval '48 months', now())`.execute(
    db,
  );
  await sql`INSERT INTO change_record (at, actor_name, area, record_id, action, changes, customer_id)
    SELECT now() - make_interval(secs => (g::bigint * 7919) % (48 * 30 * 86400)), 'Bench', 'kunden', g % 2000 + 1, 'update',
           '{"phone": {"old": null, "new": "1"}}', g % 2000 + 1
    FROM generate_series(1, 1000000) g`.execute(db);
  await sql`CREATE TABLE cr_flat AS SELECT * FROM change_record`.execute(db);
  await sql`CREATE INDEX ON cr_flat (customer_id, at DESC, id DESC) WHERE customer_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX ON cr_flat (at DESC, id DESC)`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  const time = async (table: string, where: string) => {
    const runs: number[] = [];
    for (let i = 0; i < 40; i++) {
      const started = performance.now();
      await sql`SELECT id, at FROM ${sql.table(table)} ${sql.raw(where.replace('$c', String(((i * 37) % 2000) + 1)))}
        ORDER BY at DESC, id DESC LIMIT 25`.execute(db);
      runs.push(performance.now() - started);
    }
    runs.sort((a, b) => a - b);
    return `p50 ${runs[20]!.toFixed(2)} ms, p95 ${runs[38]!.toFixed(2)} ms`;
  };
  for (const [label, where] of [
    ['customer timeline (500 rows of one customer over 48 months)', 'WHERE customer_id = $c'],
    ['admin view, newest first', ''],
  ] as const) {
    console.log(
      label,
      '| partitioned:',
      await time('change_record', where),
      '| one table:',
      await time('cr_flat', where),
    );
  }
  console.log(
    'load',
    loadavg()
      .map((n) => n.toFixed(1))
      .join(' '),
  );
} finally {
  await bench.stop();
}
