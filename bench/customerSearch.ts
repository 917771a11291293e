// Usage: `DATA_DIR=… npm run seed -- --customers 100000`, then with the same DATA_DIR (or DATABASE_URL):
// `npx tsx bench/customerSearch.ts` — times the first page of the customer list (kunde/allCustomers, the
// same SQL the API runs: rows + total) for typical searches, every sort of the screen both ways and "Nur meine"
// of the seller with the most customers; median, p95 and worst of 20 runs after 3 warm-ups (target p95 ≤ 100 ms).
import { sql } from 'kysely';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { listRecords } from '../server/platform/entities/entityRepository';
import { loadEntities } from '../server/platform/entities/loadEntities';
import { parseListParams } from '../server/platform/entities/listQuery';

type Case = [string, Record<string, unknown>, string?, string?];
const CASES: Case[] = [
  ['quick search "mai" (contains)', { q: 'mai' }],
  ['quick search "gruber" (contains)', { q: 'gruber' }],
  ['quick search phone digits "4242"', { q: '4242' }],
  ['Name contains "hof"', { displayName: { mode: 'contains', value: 'hof' } }],
  [
    'Name starts with "Ba", sorted by last activity',
    { displayName: { mode: 'startsWith', value: 'Ba' } },
    'lastActivityAt',
  ],
  ['no filter, sorted by name', {}],
  // Every sort the screen offers, both ways, without a filter.
  ...['displayName', 'zip', 'city', 'ownerUserId', 'branchId', 'customerNumber', 'lastActivityAt'].flatMap(
    (sort): Case[] => [
      [`sorted by ${sort} ↑`, {}, sort, 'ASC'],
      [`sorted by ${sort} ↓`, {}, sort, 'DESC'],
    ],
  ),
  // Every filter of the screen.
  ['PLZ "9020"', { zip: '9020' }],
  ['Ort contains "wolfs"', { city: { mode: 'contains', value: 'wolfs' } }],
  ['Telefon "0463"', { phone: '0463' }],
  ['Kundennummer "K1000"', { customerNumber: { mode: 'startsWith', value: 'K1000' } }],
  ['Filiale 3', { branchId: 3 }],
  ['Betreuer 3', { ownerUserId: 3 }],
  ['Label VIP', { labelIds: [6] }],
  [
    'Filiale 3 and Label VIP, sorted by last activity ↓',
    { branchId: 3, labelIds: [6] },
    'lastActivityAt',
    'DESC',
  ],
];
const RUNS = 20;

const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);
try {
  const customers = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(db)).rows[0]!
    .n;
  console.log(`${customers.toLocaleString('de-DE')} Kunden`);
  const declaration = (await loadEntities()).find((e) => e.name === 'kunden')!;
  // "Nur meine" of the seller looking after the most customers (the skewed one: every 20th of the set).
  const busiest = (
    await sql<{ oid: string; name: string; n: number }>`
      SELECT u.azure_oid AS oid, u.name, count(*)::int AS n FROM customer c JOIN app_user u ON u.id = c.owner_user_id
      GROUP BY u.id ORDER BY count(*) DESC LIMIT 1`.execute(db)
  ).rows[0]!;
  const mine: [string, Record<string, unknown>, string | undefined, string | undefined, string][] = [
    [`Nur meine (${busiest.name}, ${busiest.n} Kunden)`, { mine: true }, undefined, undefined, busiest.oid],
    [`Nur meine, sorted by last activity ↓`, { mine: true }, 'lastActivityAt', 'DESC', busiest.oid],
    [`Nur meine, quick search "mai"`, { mine: true, q: 'mai' }, undefined, undefined, busiest.oid],
  ];
  let worstP95 = 0;
  for (const [name, filter, sort, order, callerOid] of [...CASES, ...mine]) {
    const params = parseListParams(
      declaration,
      { page: 1, perPage: 25, sort, order, filter: JSON.stringify(filter) },
      callerOid,
    );
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      total = (await listRecords(db, declaration, params)).total;
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.ceil(times.length * 0.95) - 1]!;
    worstP95 = Math.max(worstP95, p95);
    console.log(
      `${name.padEnd(52)} ${total.toLocaleString('de-DE').padStart(9)} Treffer  Median ${median.toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
    );
  }
  console.log(`Höchstes p95: ${worstP95.toFixed(1)} ms (Ziel ≤ 100 ms)`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
