// Usage: `DATA_DIR=… npm run seed -- --customers 100000`, then with the same DATA_DIR (or DATABASE_URL):
// `npx tsx bench/customerExport.ts` — streams the Excel export of all customers (kunde/exportExcel, the same
// code the route runs) into a byte counter and reports time, file size and the process's peak memory
// (RSS and heap, sampled every 50 ms) against its memory before the export.
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { timeZoneOf } from '../src/config/companyTime';
import customerEntity from '../src/resources/customers/customer.entity';
import { readConfig } from '../server/platform/config/env';
import { customerExport } from '../server/customers/exportCustomers';
import { writeSheet } from '../server/platform/excel/writeSheet';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { parseListParams } from '../server/platform/entities/listQuery';

const CASES: [string, Record<string, unknown>][] = [
  ['alle Kunden, nach Name', {}],
  ['Suche "mai"', { q: 'mai' }],
  // On `npm run seed`'s set the customer number is K + (100000 + id): 10,000 and 100,000 rows, for the memory
  // of one against the other (it must not grow with the rows).
  ['Kundennummer K11… (10.000)', { customerNumber: { mode: 'startsWith', value: 'K11' } }],
  ['Kundennummer K2… (100.000)', { customerNumber: { mode: 'startsWith', value: 'K2' } }],
];
// All of a million customers would take minutes and say nothing the 100,000 do not.
const ALL_UP_TO = 200_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const config = readConfig();
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);
try {
  await migrateToLatest(db);
  const customers = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(db)).rows[0]!
    .n;
  console.log(`${customers.toLocaleString('de-DE')} Kunden`);
  for (const [name, filter] of CASES) {
    if (customers > ALL_UP_TO && Object.keys(filter).length === 0) continue;
    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    let peakHeap = before.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 50);
    let bytes = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        done();
      },
    });
    const finished = new Promise((resolve) => sink.on('finish', resolve));
    const started = performance.now();
    const params = parseListParams(customerEntity, {
      sort: 'displayName',
      order: 'ASC',
      filter: JSON.stringify(filter),
    });
    const rows = await writeSheet(db, customerExport(params, timeZoneOf('strussnig')), sink);
    await finished;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(
      `${name.padEnd(28)} ${rows.toLocaleString('de-DE').padStart(7)} Zeilen  ${seconds.toFixed(1)} s  ${mb(bytes)} Datei  ` +
        `RSS ${mb(before.rss)} → Spitze ${mb(peakRss)}  Heap ${mb(before.heapUsed)} → Spitze ${mb(peakHeap)}`,
    );
  }
} finally {
  await db.destroy();
  await embedded?.stop();
}
