// The set-up the API benches share: the real app in this process (buildApp: the same plugins, routes, checks and
// serialisation as production, called with app.inject or on a port of its own), signed in through the dev sign-in's
// keys; and, for benches that bring their own data, a fresh embedded database in a temporary folder.
import { sql } from 'kysely';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../server/app';
import { setUpDevAuth } from '../server/dev/devIdp/devAuthSetup';
import { loadOrCreateDevIdpKeys } from '../server/dev/devIdp/devIdpKeys';
import { seedDemoData } from '../server/dev/seed/seedDemoData';
import { createFolderSource } from '../server/downloads/folderSource';
import { readConfig } from '../server/platform/config/env';
import { openDatabase, type Database } from '../server/platform/db/database';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';
import { migrateToLatest } from '../server/platform/db/migrate';
import { loadEntities } from '../server/platform/entities/loadEntities';
import { signAccessToken } from '../tests/support/tokens';

const PUBLIC_URL = 'http://localhost:3000';

/** The app of one bench and a way to sign its people in. */
export interface BenchApp {
  app: FastifyInstance;
  /** A bearer token with `groups` (and further claims: oid, name, exp), as the dev sign-in would issue it. */
  signToken: (groups: string[], claims?: Record<string, unknown>) => Promise<string>;
}

/** Builds (and readies) the API on `db`, keeping its sign-in keys, imports, files and downloads in `dataDir`. */
export async function buildBenchApp(
  db: Database,
  dataDir: string,
  extra: Pick<AppOptions, 'microsoft365'> = {},
): Promise<BenchApp> {
  const auth = await setUpDevAuth({
    publicUrl: PUBLIC_URL,
    dataDir,
    usersFile: path.resolve('server/dev/devIdp/demo-users.json'),
  });
  const app = await buildApp({
    db,
    entities: await loadEntities(),
    importDir: path.join(dataDir, 'import'),
    files: { dir: path.join(dataDir, 'files'), maxBytes: 1024 * 1024 },
    downloads: await createFolderSource(path.join(dataDir, 'downloads'), 1024 * 1024),
    auth: auth.auth,
    directory: auth.directory,
    clientConfig: {
      tenant: 'strussnig',
      demo: true,
      production: false,
      ui: readConfig({}).ui,
      auth: auth.clientAuth,
    },
    publicUrl: PUBLIC_URL,
    logLevel: 'warn',
    ...extra,
  });
  await app.ready();
  const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
  return {
    app,
    signToken: (groups, claims = {}) => signAccessToken(signingKey, `${PUBLIC_URL}/oidc`, groups, claims),
  };
}

/** A bench's own database: migrated, seeded with `customers`, analysed; `stop` removes it and its folder. */
export interface FreshBenchDatabase {
  dir: string;
  db: Database;
  stop: () => Promise<void>;
}

/** Starts an embedded PostgreSQL on `port` in a new temporary folder named after the bench, seeded (Strussnig). */
export async function freshBenchDatabase(
  name: string,
  port: number,
  customers: number,
): Promise<FreshBenchDatabase> {
  const dir = await mkdtemp(path.join(tmpdir(), `bench-${name}-`));
  const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), port);
  const db = openDatabase(embedded.url, 10);
  const stop = async () => {
    await db.destroy();
    await embedded.stop();
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await migrateToLatest(db);
    console.log(`Seed: ${customers} Kunden …`);
    await seedDemoData(db, { tenant: 'strussnig', customers });
    await sql`ANALYZE`.execute(db);
  } catch (error) {
    await stop();
    throw error;
  }
  return { dir, db, stop };
}
