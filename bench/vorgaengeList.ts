// Usage: `DATA_DIR=… npm run seed -- --customers 100000` (≈ 235,000 Vorgänge), then with the same DATA_DIR (or
// DATABASE_URL): `npx tsx bench/vorgaengeList.ts` — per search or filter it times what the API runs:
// „Seite“ = vorgang/getAllVorgangs (listVorgaenge: quick search resolved, one page of rows; the target),
// „Zählen“ = vorgang/getVorgangCounts (countVorgaenge: total and tab counts, asked by the list after the rows);
// median and worst of 7 runs after a warm-up. „Plan“ = the execution times PostgreSQL reports for the same
// statements (EXPLAIN ANALYZE, median of 5; page query, and count queries), i.e. without the round trips and
// the search's resolution step. „HTTP“ = the same call through a real API instance on a free port (token,
// validation, JSON included; median of 7 after a warm-up). The counts are exact (one pass grouped by
// status). Then the Belegnummer lookup (vorgang/by-belegnr). Targets: < 50 ms, < 5 ms.
import { sql, type RawBuilder } from 'kysely';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { countVorgaenge, statusCountQuery } from '../server/vorgaenge/vorgangCountQueries';
import {
  filterConditions,
  listVorgaenge,
  pageQuery,
  vorgangOfBeleg,
  withSearch,
} from '../server/vorgaenge/vorgangListQueries';
import type { VorgangFilter } from '../src/resources/vorgaenge/vorgangList.endpoints';
import { formatVorgangCount } from '../src/resources/vorgaenge/vorgangListTypes';
import { startListApi } from './vorgaengeListHttp';

const RUNS = 7;
// One call warms a case up (its plan prepared, its pages read); the time of more goes to the timed runs.
const WARM_UPS = 1;
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;

/** Median and worst wall-clock time of `run` (RUNS after WARM_UPS warm-ups). */
async function time(run: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM_UPS; i++) {
    const started = performance.now();
    await run();
    if (i >= WARM_UPS) times.push(performance.now() - started);
  }
  return { median: median(times), max: Math.max(...times) };
}

/** Median of RUNS HTTP times (after WARM_UPS warm-ups) of one call. */
async function httpMedian(get: () => Promise<number>) {
  const times: number[] = [];
  for (let i = 0; i < RUNS + WARM_UPS; i++) {
    const took = await get();
    if (i >= WARM_UPS) times.push(took);
  }
  return median(times);
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
  await migrateToLatest(db); // the list's indexes (migrations 0010, 0018) on a database seeded before them
  // As autovacuum leaves a table after a bulk load: statistics and the visibility map (index-only counts).
  await sql`VACUUM (ANALYZE) vorgang, beleg, customer, vorgang_label`.execute(db);
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;
  const { n } = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang`);
  console.log(`${n.toLocaleString('de-DE')} Vorgänge`);
  const seller = await one(
    sql<{ oid: string; id: number }>`SELECT u.azure_oid AS oid, u.id FROM app_user u
      JOIN vorgang v ON v.seller_user_id = u.id GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`,
  );
  const branch = await one(
    sql<{ id: number }>`SELECT branch_id AS id FROM vorgang WHERE branch_id IS NOT NULL LIMIT 1`,
  );
  const label = await one(
    sql<{ id: number }>`SELECT label_id AS id FROM vorgang_label GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
  );
  const origin = await one(
    sql<{ origin: string }>`SELECT origin FROM vorgang WHERE origin IS NOT NULL LIMIT 1`,
  );
  const status = await one(
    sql<{
      id: number;
    }>`SELECT custom_status_id AS id FROM vorgang WHERE custom_status_id IS NOT NULL LIMIT 1`,
  );
  const beleg = await one(
    sql<{ number: string }>`SELECT beleg_number AS number FROM beleg ORDER BY id DESC LIMIT 1 OFFSET 5000`,
  );
  const vorgangNumber = await one(
    sql<{ number: string }>`SELECT vorgang_number AS number FROM vorgang ORDER BY id LIMIT 1 OFFSET 1000`,
  );
  const context = { callerOid: seller.oid, zone: 'Europe/Vienna' };

  const cases: [string, VorgangFilter][] = [
    ['no filter (Alle, letzte Aktivität)', {}],
    ['quick search "gruber" (customer name)', { q: 'gruber' }],
    ['quick search "fenster" (Bezeichnung)', { q: 'fenster' }],
    [`quick search Vorgangsnummer "${vorgangNumber.number}"`, { q: vorgangNumber.number }],
    [`quick search Belegnummer "${beleg.number}"`, { q: beleg.number }],
    ['status tab Angebot', { status: 'angebot' }],
    ['nur meine', { mine: true }],
    ['Verkäufer', { sellerUserId: seller.id }],
    ['Filiale', { branchId: branch.id }],
    [`Herkunft "${origin.origin}"`, { origin: origin.origin }],
    ['Eigener Status', { customStatusId: status.id }],
    ['Label', { labelId: label.id }],
    ['Summe netto 10.000–20.000 €', { netFrom: 1_000_000, netTo: 2_000_000 }],
    ['erwarteter Auftrag im Dezember 2026', { expectedFrom: '2026-12-01', expectedTo: '2026-12-31' }],
    ['letzte Aktivität in den letzten 7 Tagen', { activityFrom: '2026-11-16' }],
    ['Bezeichnung beginnt mit "Haus"', { matchColumn: 'title', matchMode: 'startsWith', matchValue: 'Haus' }],
    ['sorted by Summe netto, descending', { sort: 'netTotalCents', order: 'DESC' }],
    // The dashboard's links: orders of a month, offers of a year, follow-ups.
    [
      'Dashboard: Aufträge November 2026 (Verkäufer)',
      {
        sellerUserId: seller.id,
        belegType: 'auftragsbestaetigung',
        belegFrom: '2026-11-01',
        belegTo: '2026-11-23',
      },
    ],
    [
      'Dashboard: Angebote 2026 (alle)',
      { belegType: 'angebot', belegFrom: '2026-01-01', belegTo: '2026-11-23' },
    ],
    [
      'Dashboard: Nachfassen (Verkäufer)',
      { sellerUserId: seller.id, status: 'angebot', inactiveSince: '2026-11-09' },
    ],
  ];
  const api = await startListApi(db, seller.oid);
  console.log(
    `${'Fall'.padEnd(48)} ${'Treffer'.padStart(14)}  ${'Seite Median / max'.padEnd(22)} Plan Seite  HTTP Seite  ` +
      `${'Zählen Median / max'.padEnd(22)} Plan Zählen  HTTP Zählen`,
  );
  const pageTimes: number[] = [];
  for (const [name, filter] of cases) {
    const query = { ...filter, page: 1, perPage: 25 };
    const page = await time(() => listVorgaenge(db, query, context));
    const counting = await time(() => countVorgaenge(db, query, context));
    const { total } = await countVorgaenge(db, query, context);
    const searched = await withSearch(db, query, context);
    const conditions = filterConditions(query, searched);
    const planPage = await planTime(pageQuery(query, searched));
    const planCount = await planTime(statusCountQuery(conditions));
    const httpPage = await httpMedian(() => api.get('vorgang/getAllVorgangs', query));
    const httpCount = await httpMedian(() => api.get('vorgang/getVorgangCounts', query));
    pageTimes.push(page.median);
    console.log(
      `${name.padEnd(48)} ${formatVorgangCount(total).padStart(14)}  ${ms(page.median)} / ${ms(page.max)}  ` +
        `${ms(planPage)}  ${ms(httpPage)}   ${ms(counting.median)} / ${ms(counting.max)}  ${ms(planCount)}   ` +
        ms(httpCount),
    );
  }
  const slowest = Math.max(...pageTimes);
  console.log(
    `Langsamste Seite (Median): ${ms(slowest)} – Ziel < 50 ms: ${slowest < 50 ? 'OK' : 'VERFEHLT'}`,
  );
  for (const [name, number] of [
    [`Belegnummer lookup "${beleg.number}"`, beleg.number],
    ['Belegnummer lookup lower case', beleg.number.toLowerCase()],
  ] as const) {
    if (!(await vorgangOfBeleg(db, number))) throw new Error(`Belegnummer ${number} nicht gefunden`);
    const lookup = await time(() => vorgangOfBeleg(db, number));
    const http = await httpMedian(() => api.get(`vorgang/by-belegnr/${encodeURIComponent(number)}`, {}));
    console.log(
      `${name.padEnd(48)} ${'gefunden'.padStart(14)}  ${ms(lookup.median)} / ${ms(lookup.max)}  HTTP ${ms(http)}`,
    );
  }
  await api.stop();
} finally {
  await db.destroy();
  await embedded?.stop();
}
