// Usage: `DATA_DIR=… npm run seed -- --customers 100000` (≈ 235,000 Vorgänge), then with the same DATA_DIR (or
// DATABASE_URL): `npx tsx bench/vorgaengeList.ts` — times the first page of the Vorgänge list (the same
// listVorgaenge the API runs: page + counts per status tab) for a search or one filter, and the Belegnummer
// lookup (vorgang/by-belegnr); median and worst of 15 runs after 3 warm-ups. Targets: < 50 ms and < 5 ms.
import { sql } from 'kysely';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { listVorgaenge, vorgangOfBeleg } from '../server/vorgaenge/vorgangListQueries';
import type { VorgangFilter } from '../src/resources/vorgaenge/vorgangList.endpoints';

const RUNS = 15;
const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);

async function time(name: string, run: () => Promise<string>) {
  const times: number[] = [];
  let outcome = '';
  for (let i = 0; i < RUNS + 3; i++) {
    const started = performance.now();
    outcome = await run();
    if (i >= 3) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  console.log(
    `${name.padEnd(50)} ${outcome.padStart(16)}  Median ${median.toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms`,
  );
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
    // The dashboard's links (issue 15): orders of a month, offers of a year, follow-ups.
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
  for (const [name, filter] of cases) {
    await time(name, async () => {
      const page = await listVorgaenge(db, { ...filter, page: 1, perPage: 25 }, context);
      return `${page.total.toLocaleString('de-DE')} Treffer`;
    });
  }
  await time(`Belegnummer lookup "${beleg.number}"`, async () =>
    (await vorgangOfBeleg(db, beleg.number)) ? 'gefunden' : 'FEHLT',
  );
  await time(`Belegnummer lookup lower case`, async () =>
    (await vorgangOfBeleg(db, beleg.number.toLowerCase())) ? 'gefunden' : 'FEHLT',
  );
} finally {
  await db.destroy();
  await embedded?.stop();
}
