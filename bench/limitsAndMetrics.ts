// What the cross-instance rate limits and the per-request metrics cost: the PostgreSQL upsert one
// counted request pays, alone and under concurrency, and the histogram observation every request pays.
// Run: DATABASE_URL=postgres://… npx tsx bench/limitsAndMetrics.ts (a migrated database; it writes only
// rate_limit_hit rows under keys of its own and deletes them afterwards).
import { sql } from 'kysely';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../server/platform/db/database';
import { migrateToLatest } from '../server/platform/db/migrate';
import { countHit } from '../server/platform/http/rateLimitStore';
import { httpRequestDuration } from '../server/platform/metrics/metrics';
import { summarise, type BenchFigure } from './figures';
import { isMain, printFigures } from './printFigures';

const percentile = (samples: number[], p: number) =>
  [...samples].sort((a, b) => a - b)[Math.min(samples.length - 1, Math.floor(samples.length * p))]!;

async function upsertFigures(db: Database): Promise<BenchFigure[]> {
  const single: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const start = performance.now();
    await countHit(db, `bench|user:${i % 50}`, 60_000);
    single.push(performance.now() - start);
  }
  // 8 callers at once on one hot key (the worst case: every request of one person) and on keys of their own.
  const concurrent = async (hot: boolean) => {
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 8 }, async (_, caller) => {
        for (let i = 0; i < 250; i++) await countHit(db, hot ? 'bench|hot' : `bench|own:${caller}`, 60_000);
      }),
    );
    return 2000 / ((performance.now() - start) / 1000);
  };
  const hot = [await concurrent(true), await concurrent(true), await concurrent(true)];
  const spread = [await concurrent(false), await concurrent(false), await concurrent(false)];
  await sql`DELETE FROM rate_limit_hit WHERE key LIKE 'bench|%'`.execute(db);
  return [
    {
      name: 'Ratenbegrenzung: ein Upsert (einzeln)',
      unit: 'ms',
      ...summarise(single),
      budget: '< 2 ms',
      verdict: percentile(single, 0.5) < 2 ? 'ok' : 'over',
      note: `p99 ${percentile(single, 0.99).toFixed(2)} ms`,
    },
    { name: 'Ratenbegrenzung: Upserts/s, 8 gleichzeitig, ein Schlüssel', unit: 'count', ...summarise(hot) },
    {
      name: 'Ratenbegrenzung: Upserts/s, 8 gleichzeitig, eigene Schlüssel',
      unit: 'count',
      ...summarise(spread),
    },
  ];
}

function observeFigure(): BenchFigure {
  const routes = ['/api/kunde/getSingleCustomer/:id', '/api/vorgang/kanban', '/api/user/myGroups'];
  const runs: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    for (let i = 0; i < 200_000; i++) {
      httpRequestDuration.observe({ method: 'GET', route: routes[i % 3]!, code: 200 }, 0.012);
    }
    runs.push(((performance.now() - start) * 1000) / 200_000);
  }
  return {
    name: 'Metriken: eine Beobachtung je Anfrage',
    unit: 'ms',
    ...summarise(runs.map((us) => us / 1000)),
    budget: '< 0,01 ms',
    verdict: summarise(runs).median < 10 ? 'ok' : 'over',
    note: `${summarise(runs).median.toFixed(2)} µs`,
  };
}

export async function runLimitsAndMetrics(databaseUrl: string): Promise<BenchFigure[]> {
  const db = openDatabase(databaseUrl, 10);
  try {
    await migrateToLatest(db);
    return [...(await upsertFigures(db)), observeFigure()];
  } finally {
    await db.destroy();
  }
}

if (isMain(import.meta.url)) {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL fehlt (eine migrierte Datenbank).');
  printFigures(await runLimitsAndMetrics(url));
  process.exit(0);
}
