// Dashboard query plans: every query the dashboard, Todos and Fällige Labels run (the same functions as
// bench/dashboard.ts, for the seller with the most Vorgänge and for his branch) is captured once and then run
// under EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) 5 times; prints each plan's median execution time, and with
// `--plans` one more run's plan with node timings. On the machine the figures come from: `DATA_DIR=… npx tsx bench/dashboardPlans.ts`
// (or DATABASE_URL=…), after `npm run seed -- --customers 100000` into that DATA_DIR.
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { activitiesPerWeek } from '../server/activities/activityChart';
import { dashboardFigures } from '../server/dashboard/dashboardFigures';
import { dashboardLists, revenueCurve } from '../server/dashboard/dashboardLists';
import { companyTodayInDb, dueItems, urgentCount } from '../server/dueItems/dueItemQueries';
import type { ViewerScope } from '../server/dueItems/viewerScope';
import { readConfig } from '../server/platform/config/env';
import type { DB } from '../server/platform/db/schema';
// Its type parsers (dates stay yyyy-MM-dd text) are what the product's queries expect.
import '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';

const RUNS = 5;
const showPlans = process.argv.includes('--plans');
// `--only=Kennzahlen`: just the cases whose name contains that text.
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice(7);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const pool = new pg.Pool({ connectionString: config.databaseUrl ?? embedded!.url, max: 4 });
let captured: Captured[] = [];
// Kysely reports every query it ran: the bench explains exactly what the product sends.
const db = new Kysely<DB>({
  dialect: new PostgresDialect({ pool }),
  log: (event) => {
    if (event.level === 'query') captured.push({ sql: event.query.sql, parameters: event.query.parameters });
  },
});

async function explain(name: string, run: () => Promise<unknown>) {
  if (only && !name.includes(only)) return;
  captured = [];
  await run();
  const queries = captured;
  for (const [index, query] of queries.entries()) {
    const times: number[] = [];
    let slowest = { time: 0, plan: '' };
    for (let i = 0; i < RUNS + (showPlans ? 1 : 0); i++) {
      // Timing per plan node costs more than some queries themselves on a loaded machine: the medians come
      // from runs without it; the plan shown (--plans) is a run with it.
      const timing = i === RUNS ? 'ON' : 'OFF';
      const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS, TIMING ${timing}) ${query.sql}`,
        query.parameters as unknown[],
      );
      const lines = rows.map((row) => row['QUERY PLAN']);
      const time = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? NaN);
      if (timing === 'OFF') times.push(time);
      else slowest = { time, plan: lines.join('\n') };
    }
    const label = queries.length > 1 ? `${name} [${index + 1}/${queries.length}]` : name;
    console.log(`${label.padEnd(52)} Ausführung Median ${median(times).toFixed(1).padStart(7)} ms`);
    if (showPlans) console.log(`${slowest.plan}\n`);
  }
}

try {
  const seller = (
    await sql<{ id: number; branchId: number; n: number }>`
      SELECT u.id, u.branch_id AS "branchId", count(*)::int AS n FROM vorgang v JOIN app_user u ON u.id = v.seller_user_id
      WHERE u.branch_id IS NOT NULL GROUP BY u.id ORDER BY n DESC LIMIT 1`.execute(db)
  ).rows[0]!;
  const zone = config.timeZone;
  const today = await companyTodayInDb(db, zone);
  const scopes: [string, ViewerScope][] = [
    ['Verkäufer', { userIds: [seller.id] }],
    ['Filiale', { branchIds: [seller.branchId] }],
  ];
  for (const [label, scope] of scopes) {
    const owner =
      'userIds' in scope
        ? { sellerId: seller.id, branchIds: [] }
        : { sellerId: null, branchIds: scope.branchIds };
    await explain(`${label}: Todos`, () => dueItems(db, zone, scope, 'todos'));
    await explain(`${label}: Fällige Labels`, () => dueItems(db, zone, scope, 'labels'));
    await explain(`${label}: Menü-Zähler`, () => urgentCount(db, zone, scope));
    await explain(`${label}: Kennzahlen`, () => dashboardFigures(db, zone, scope, today, owner));
    await explain(`${label}: Listen`, () => dashboardLists(db, zone, scope, today));
    await explain(`${label}: Umsatzkurve`, () => revenueCurve(db, scope, Number(today.slice(0, 4))));
    await explain(`${label}: Aktivitäten je Woche`, () => activitiesPerWeek(db, zone, scope, today, 12));
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
