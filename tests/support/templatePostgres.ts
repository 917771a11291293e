import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { startEmbeddedPostgres, THROW_AWAY_POSTGRES_FLAGS } from '../../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../../server/platform/db/migrate';
import { adminQuery } from './adminQuery';
import { freePort } from './freePort';

/**
 * A throw-away embedded PostgreSQL for a test project with one migrated database `template` (filled further by
 * `fill`, e.g. demo data), to be copied per test file or product (`CREATE DATABASE … TEMPLATE`). Its databases
 * go with the run: PostgreSQL need not wait for the disk (the copies alone wrote gigabytes through fsync).
 */
export async function startTemplatePostgres(
  folderPrefix: string,
  template: string,
  fill: (db: Database) => Promise<unknown> = async () => undefined,
) {
  const dir = await mkdtemp(path.join(tmpdir(), folderPrefix));
  const embedded = await startEmbeddedPostgres(
    path.join(dir, 'postgres'),
    await freePort(),
    THROW_AWAY_POSTGRES_FLAGS,
  );
  const serverUrl = embedded.url.replace(/\/[^/]+$/, '');
  await adminQuery(serverUrl, `CREATE DATABASE ${template}`);
  const db = openDatabase(`${serverUrl}/${template}`);
  try {
    await migrateToLatest(db);
    await fill(db);
  } finally {
    await db.destroy();
  }
  const stop = async () => {
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
  return { serverUrl, stop };
}
