// Dashboard query plans: every query the dashboard, Todos, Fällige Labels and the menu counter send (the same
// functions the routes call) for victor.verkauf, lena.leitung's Filiale and the seller with the most Vorgänge is
// captured once and then run under EXPLAIN (ANALYZE, BUFFERS, TIMING OFF) 5 times after one warm-up: the figure
// is each plan's median execution time (target < 100 ms). `--plans` prints one more run's plan with node
// timings; `--only=Kennzahlen` runs only the cases whose name contains that text.
// Usage: `DATA_DIR=… EMBEDDED_PG_PORT=… npx tsx bench/dashboardPlans.ts` (or DATABASE_URL=…), no server on that
// database, after `npm run seed -- --customers 100000` into that DATA_DIR. Migrates it to this branch first.
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { activitiesPerWeek } from '../server/activities/activityChartQueries';
import { dashboardFigures } from '../server/dashboard/dashboardFigureQueries';
import { dashboardLists, revenueCurve } from '../server/dashboard/dashboardListQueries';
import { companyTodayInDb } from '../server/platform/db/companyToday';
import { dueItems, urgentCount } from '../server/todos/dueItemQueries';
import type { DB } from '../server/platform/db/schema';
// Its type parsers (dates stay yyyy-MM-dd text) are what the product's queries expect.
import '../server/platform/db/database';
import { openBenchDatabase, isMainModule } from './dashboardSetup';
import { summarise, type BenchFigure } from './figures';

const RUNS = 5;
const BUDGET = 100;

interface Captured {
  sql: string;
  parameters: readonly unknown[];
}

/** A short name for a captured query: the first table it reads, e.g. "Kennzahlen [2/4 sales_target]". */
const tableOf = (text: string) => /\bFROM\s+"?([a-z_]+)/i.exec(text)?.[1] ?? '?';

/** The plans' execution times of every dashboard query, per viewer; prints a line per query as it goes. */
export async function dashboardPlanFigures(
  options: { showPlans?: boolean; only?: string } = {},
): Promise<BenchFigure[]> {
  const bench = await openBenchDatabase();
  const pool = new pg.Pool({ connectionString: bench.url, max: 4 });
  pool.on('error', () => {}); // idle connections closed when the embedded server stops
  let captured: Captured[] = [];
  // Kysely reports every query it ran: the bench explains exactly what the product sends.
  const db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query')
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const figures: BenchFigure[] = [];

  async function explain(name: string, run: () => Promise<unknown>) {
    if (options.only && !name.includes(options.only)) return;
    captured = [];
    await run();
    const queries = captured;
    for (const [index, query] of queries.entries()) {
      const times: number[] = [];
      let plan = '';
      // One warm-up, then the timed runs; timing per plan node costs more than some queries themselves on a
      // loaded machine, so the medians come from runs without it and the plan shown (--plans) is one with it.
      for (let i = -1; i < RUNS + (options.showPlans ? 1 : 0); i++) {
        const timing = i === RUNS ? 'ON' : 'OFF';
        const { rows } = await pool.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN (ANALYZE, BUFFERS, TIMING ${timing}) ${query.sql}`,
          query.parameters as unknown[],
        );
        const lines = rows.map((row) => row['QUERY PLAN']);
        const time = Number(/Execution Time: ([\d.]+)/.exec(lines.at(-1) ?? '')?.[1] ?? NaN);
        if (timing === 'ON') plan = lines.join('\n');
        else if (i >= 0) times.push(time);
      }
      const label =
        queries.length > 1 ? `${name} [${index + 1}/${queries.length} ${tableOf(query.sql)}]` : name;
      const stats = summarise(times);
      figures.push({
        name: `Plan ${label}`,
        unit: 'ms',
        ...stats,
        budget: `< ${BUDGET} ms`,
        verdict: stats.median < BUDGET ? 'ok' : 'over',
        note: 'EXPLAIN ANALYZE, Ausführungszeit',
      });
      console.log(
        `${label.padEnd(70)} Median ${stats.median.toFixed(1).padStart(7)} ms  max ${stats.max.toFixed(1).padStart(7)} ms`,
      );
      if (options.showPlans) console.log(`${plan}\n`);
    }
  }

  try {
    console.log(bench.sizes);
    const zone = bench.zone;
    const today = await companyTodayInDb(db, zone);
    for (const viewer of bench.viewers) {
      const { scope } = viewer;
      const name = (what: string) => `${viewer.label}: ${what}`;
      await explain(name('Todos / Heute'), () => dueItems(db, zone, scope, 'todos'));
      await explain(name('Menü-Zähler'), () => urgentCount(db, zone, scope));
      await explain(name('Fällige Labels'), () => dueItems(db, zone, scope, 'labels'));
      await explain(name('Kennzahlen'), () => dashboardFigures(db, zone, scope, today, viewer.owner));
      await explain(name('Listen'), () => dashboardLists(db, zone, scope, today));
      await explain(name('Umsatzkurve'), () => revenueCurve(db, scope, Number(today.slice(0, 4))));
      await explain(name('Aktivitäten je Woche'), () => activitiesPerWeek(db, zone, scope, today, 12));
    }
    return figures;
  } finally {
    await db.destroy();
    await bench.close();
  }
}

if (isMainModule(import.meta.url)) {
  await dashboardPlanFigures({
    showPlans: process.argv.includes('--plans'),
    only: process.argv.find((arg) => arg.startsWith('--only='))?.slice(7),
  });
}
