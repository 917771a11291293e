// Dashboard speed: its calls (the time to the Kennzahlen on a cold load, against the Kunden list's first row,
// is bench/coldLoads.ts's). `DATA_DIR=… EMBEDDED_PG_PORT=… npx tsx bench/dashboard.ts` (or DATABASE_URL=…; a
//    seeded set, e.g. `npm run seed -- --customers 100000`, and no server on it) — every call the dashboard, Todos, Fällige Labels
//    and the menu counter make, through the real API (buildApp, signed-in token, app.inject: auth, scope,
//    validation, serialisation included), for victor.verkauf, lena.leitung's Filiale and the seller with the most
//    Vorgänge: median of 9 runs after 3 warm-ups. Target < 100 ms. The plans' own execution times:
//    bench/dashboardPlans.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildBenchApp } from './inProcessApp';
import { isMainModule, openBenchDatabase } from './dashboardSetup';
import { summarise, type BenchFigure } from './figures';

const RUNS = 9;
const WARM_UPS = 3;
const BUDGET = 100;

/** The calls the pages make: the dashboard (Heute = Todos, Kennzahlen, lists, charts), the menu, Fällige Labels. */
const CALLS: [string, string][] = [
  ['Todos / Heute', 'todo/getTodos'],
  ['Menü-Zähler', 'todo/count'],
  ['Fällige Labels', 'vorgang/getVorgangsFaellig'],
  ['Kennzahlen', 'dashboard/getFigures'],
  ['Listen (Zuletzt bearbeitet, Nachfassen)', 'dashboard/getLists'],
  ['Umsatzkurve', 'dashboard/getRevenueCurve'],
  ['Aktivitäten je Woche', 'activity/getUserActivitiesChartData'],
];

/** The median time of each dashboard call per viewer, through the API; prints a line per call as it goes. */
export async function dashboardCallFigures(): Promise<BenchFigure[]> {
  const bench = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-dashboard-bench-'));
  const { app, signToken } = await buildBenchApp(bench.db, dataDir);
  const figures: BenchFigure[] = [];
  try {
    console.log(bench.sizes);
    for (const viewer of bench.viewers) {
      const token = await signToken(viewer.groups, { oid: viewer.oid });
      for (const [what, call] of CALLS) {
        // The menu counter is always the caller's own (it takes no scope).
        const url = `/api/${call}${call === 'todo/count' ? '' : viewer.query}`;
        const times: number[] = [];
        let size = 0;
        for (let i = 0; i < WARM_UPS + RUNS; i++) {
          const started = performance.now();
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { authorization: `Bearer ${token}` },
          });
          const elapsed = performance.now() - started;
          if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
          size = response.body.length;
          if (i >= WARM_UPS) times.push(elapsed);
        }
        const stats = summarise(times);
        const name = `${viewer.label}: ${what} (${call})`;
        figures.push({
          name,
          unit: 'ms',
          ...stats,
          budget: `< ${BUDGET} ms`,
          verdict: stats.median < BUDGET ? 'ok' : 'over',
          note: `API-Aufruf, ${(size / 1024).toFixed(1)} kB Antwort`,
        });
        console.log(
          `${name.padEnd(96)} Median ${stats.median.toFixed(1).padStart(6)} ms  max ${stats.max.toFixed(1).padStart(6)} ms`,
        );
      }
    }
    return figures;
  } finally {
    await app.close();
    await bench.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) await dashboardCallFigures();
