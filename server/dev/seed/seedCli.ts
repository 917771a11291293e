import { parseArgs } from 'node:util';
import { readConfig } from '../../platform/config/env';
import { openDatabase } from '../../platform/db/database';
import { startEmbeddedPostgres } from '../../platform/db/embeddedPostgres';
import { migrateToLatest } from '../../platform/db/migrate';
import { clearBusinessData, seedDemoData } from './seedDemoData';

// `npm run seed -- --customers 100000`: replaces all business data with a generated set, with years of history
// and a group's skew (--no-history: the demo's shape).
const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '2000' },
    tenant: { type: 'string' },
    seed: { type: 'string' },
    // Without years of history and skew: the demo's shape (as a server's first start seeds it).
    'no-history': { type: 'boolean', default: false },
  },
});
const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 1) {
  console.error('--customers muss eine positive ganze Zahl sein.');
  process.exit(1);
}
const config = readConfig();
const tenant = (values.tenant ?? config.tenant) as 'strussnig' | 'rekord';
const embedded = config.databaseUrl
  ? undefined
  : await startEmbeddedPostgres(config.embeddedPostgres.dir, config.embeddedPostgres.port);
const db = openDatabase(config.databaseUrl ?? embedded!.url);
const started = Date.now();
try {
  await migrateToLatest(db);
  await clearBusinessData(db);
  await seedDemoData(db, {
    tenant,
    customers,
    seed: values.seed ? Number(values.seed) : undefined,
    history: !values['no-history'],
    // Seconds since the start, not a clock time: the steps' durations are what the reader wants.
    onStep: (step) => console.log(`\n${((Date.now() - started) / 1000).toFixed(0)} s: ${step}`),
    onProgress: (done, total) =>
      process.stdout.write(`\r${done.toLocaleString('de-DE')} von ${total.toLocaleString('de-DE')} Kunden`),
  });
  console.log(`\nFertig in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await db.destroy();
  await embedded?.stop();
}
