import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { freePort } from '../tests/support/freePort';
import { DB_TYPES_FILE, dbTypesOf } from './dbTypes';

// `npm run db:types`: migrates a throw-away database and writes its table types for Kysely.
const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-db-types-'));
const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), await freePort());
try {
  const db = openDatabase(embedded.url, 2);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  await writeFile(DB_TYPES_FILE, await dbTypesOf(embedded.url));
  console.log(`Datenbanktypen geschrieben: ${path.relative(process.cwd(), DB_TYPES_FILE)}`);
} finally {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
