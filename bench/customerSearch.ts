// Usage: `DATA_DIR=… npm run seed -- --customers 100000`, then with the same DATA_DIR (or DATABASE_URL):
// `npx tsx bench/customerSearch.ts` — times the first page of the customer list (kunde/allCustomers, the
// same SQL the API runs: rows + total) for typical searches; median and worst of 15 runs after 3 warm-ups.
import { sql } from 'kysely';
import { readConfig } from '../server/platform/config/env';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { listRecords } from '../server/platform/entities/entityRepository';
import { loadEntities } from '../server/platform/entities/loadEntities';
import { parseListParams } from '../server/platform/entities/listQuery';

const CASES: [string, Record<string, unknown>, string?][] = [
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
];
const RUNS = 15;

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
  for (const [name, filter, sort] of CASES) {
    const params = parseListParams(declaration, {
      page: 1,
      perPage: 25,
      sort,
      filter: JSON.stringify(filter),
    });
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < RUNS + 3; i++) {
      const started = performance.now();
      total = (await listRecords(db, declaration, params)).total;
      if (i >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    console.log(
      `${name.padEnd(52)} ${total.toLocaleString('de-DE').padStart(7)} Treffer  Median ${median.toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms`,
    );
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
