// Usage: with the DATA_DIR (or DATABASE_URL) of a seeded database (100.000 customers: ≈ 33.000 due Vorgang labels,
// ≈ 21.000 due customer labels): `npx tsx bench/dueLabels.ts` — times Fällige Labels (vorgang/getVorgangsFaellig =
// dueItems(…, 'labels'): rows up to DUE_ITEM_LIMIT and the bucket counts) per scope, median and worst of 15 runs
// after 3 warm-ups, and PostgreSQL's own execution times (EXPLAIN ANALYZE, median of 5) of the rows query and of
// the counts query. Target (issue 15): < 100 ms.
import { sql, type RawBuilder } from 'kysely';
import { dueItems, dueItemsQuery, DUE_ITEM_LIMIT } from '../server/dueItems/dueItemQueries';
import type { ViewerScope } from '../server/dueItems/viewerScope';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';

const RUNS = 15;
const ZONE = 'Europe/Vienna';
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

/** Median and worst wall-clock time of `run` (RUNS after 3 warm-ups). */
async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

/** PostgreSQL's own execution time of a statement (EXPLAIN ANALYZE), median of 5. */
async function planTime(query: RawBuilder<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { rows } = await sql<{ 'QUERY PLAN': [{ 'Execution Time': number }] }>`
      EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${query}`.execute(db);
    times.push(rows[0]!['QUERY PLAN'][0]['Execution Time']);
  }
  return median(times);
}

try {
  await migrateToLatest(db);
  await sql`VACUUM (ANALYZE) vorgang, customer, vorgang_label, customer_label`.execute(db);
  const { rows: sellers } = await sql<{ id: number }>`
    SELECT v.seller_user_id AS id FROM vorgang_label vl JOIN vorgang v ON v.id = vl.vorgang_id
    WHERE vl.due_date IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(db);
  const { rows: branches } = await sql<{ id: number }>`
    SELECT v.branch_id AS id FROM vorgang_label vl JOIN vorgang v ON v.id = vl.vorgang_id
    WHERE vl.due_date IS NOT NULL AND v.branch_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`.execute(
    db,
  );
  const { rows: allBranches } = await sql<{ id: number }>`SELECT id FROM branch`.execute(db);
  const today = new Date().toISOString().slice(0, 10);

  const cases: [string, ViewerScope][] = [
    ['nur meine (Verkäufer mit den meisten Labels)', { userIds: [sellers[0]!.id] }],
    ['Filiale (Leitung, größte Filiale)', { branchIds: [branches[0]!.id] }],
    ['alle Filialen', { branchIds: allBranches.map((row) => row.id) }],
  ];
  console.log(
    `${'Fall'.padEnd(46)} ${'Labels'.padStart(7)} ${'fällig'.padStart(7)}  ${'Median / max'.padEnd(22)} ` +
      `Plan Zeilen  Plan Zählen`,
  );
  for (const [name, scope] of cases) {
    const answer = await dueItems(db, ZONE, scope, 'labels');
    const run = await time(() => dueItems(db, ZONE, scope, 'labels'));
    const planRows = await planTime(sql`${dueItemsQuery(scope, 'labels')} LIMIT ${DUE_ITEM_LIMIT}`);
    const planCounts = await planTime(sql`
      SELECT count(*)::int, count(*) FILTER (WHERE "dueDate" <= ${today}::date)::int
      FROM (${dueItemsQuery(scope, 'labels')}) counted`);
    console.log(
      `${name.padEnd(46)} ${String(answer.total).padStart(7)} ${String(answer.urgent).padStart(7)}  ` +
        `${ms(run.median)} / ${ms(run.max)}  ${ms(planRows)}  ${ms(planCounts)}`,
    );
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
