// The Bauträger's customer page on `npm run seed`'s set (customer 1, 2 % of the customers' count in Vorgänge:
// 20,000 on the million): `DATA_DIR=… EMBEDDED_PG_PORT=… npx tsx bench/customerPage.ts` (or DATABASE_URL=…, no
// server on it) — what the page asks for, through the real API (buildApp, signed-in token, app.inject): the
// customer, its Vorgänge, the first timeline page and the next one, as lena.leitung (the lead sees every
// customer). Median, p95 and max of 20 runs after 3 warm-ups. Target p95 ≤ 300 ms.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildBenchApp } from './inProcessApp';
import { isMainModule, LENA_OID, openBenchDatabase } from './dashboardSetup';
import { summarise } from './figures';

const RUNS = 20;
const WARM_UPS = 3;

/** Prints median, p95 and max of each call the Bauträger's page makes. */
export async function customerPageFigures(): Promise<void> {
  const bench = await openBenchDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-customer-page-bench-'));
  const { app, signToken } = await buildBenchApp(bench.db, dataDir);
  try {
    const top = (
      await sql<{ id: number; name: string; n: number }>`
        SELECT c.id, c.display_name AS name, count(*)::int AS n FROM vorgang v JOIN customer c ON c.id = v.customer_id
        GROUP BY c.id ORDER BY n DESC LIMIT 1`.execute(bench.db)
    ).rows[0]!;
    console.log(`${bench.sizes}; ${top.name} mit ${top.n.toLocaleString('de-DE')} Vorgängen`);
    const token = await signToken(['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_VILLACH'], {
      oid: LENA_OID,
    });
    const get = (url: string) =>
      app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } }).then((response) => {
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        return response;
      });
    const first = JSON.parse((await get(`/api/kunde/getTimelineForCustomer/${top.id}`)).body) as {
      result?: { next?: string | null };
      next?: string | null;
    };
    const next = first.result?.next ?? first.next;
    const calls: [string, string][] = [
      ['Kunde', `/api/kunde/getSingleCustomer/${top.id}`],
      ['Vorgänge des Kunden', `/api/kunde/getVorgaengeForCustomer/${top.id}`],
      ['Timeline, erste Seite', `/api/kunde/getTimelineForCustomer/${top.id}`],
      ...(next
        ? [
            [
              'Timeline, zweite Seite',
              `/api/kunde/getTimelineForCustomer/${top.id}?after=${encodeURIComponent(next)}`,
            ] as [string, string],
          ]
        : []),
    ];
    for (const [what, url] of calls) {
      const times: number[] = [];
      let size = 0;
      for (let i = 0; i < WARM_UPS + RUNS; i++) {
        const started = performance.now();
        const response = await get(url);
        if (i >= WARM_UPS) times.push(performance.now() - started);
        size = response.body.length;
      }
      const stats = summarise(times);
      const sorted = [...times].sort((a, b) => a - b);
      const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1]!;
      console.log(
        `${what.padEnd(28)} Median ${stats.median.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  max ${stats.max.toFixed(1).padStart(7)} ms  ${(size / 1024).toFixed(0)} kB`,
      );
    }
  } finally {
    await app.close();
    await bench.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) await customerPageFigures();
