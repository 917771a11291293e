import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/platform/config/env';
import { seedDemoDataIfEmpty } from '../../server/dev/seed/seedDemoData';
import { startServer } from '../../server/start';
import { adminQuery } from './adminQuery';
import { freePort } from './freePort';
import { startTemplatePostgres } from './templatePostgres';

/** One running copy of the whole product (API, web app, identity provider) for the browser tests. */
export interface ProductUnderTest {
  /** Its origin. */
  baseUrl: string;
  /** Its Dateien area's folder (the demo documents are generated into it), when that is a folder. */
  downloadsDir?: string;
  /** Its database, for a second server instance over the same data (the live board across instances). */
  databaseUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One product per browser worker (tests/support/productUnderTest.ts picks a worker's own). */
    products: ProductUnderTest[];
    /** A folder for the browser state of each person's first sign-in (tests/support/browserSession.ts). */
    browserStateDir: string;
  }
}

/** Starts the product as `npm start` does on free ports with its own files folder, over `databaseUrl`. */
async function startProduct(databaseUrl: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-e2e-'));
  const port = await freePort();
  const config = readConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    // The demo sign-in and demo files, as `npm start` has them (DATABASE_URL alone means production).
    DEMO: 'true',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  const product: ProductUnderTest = {
    baseUrl: config.publicUrl,
    databaseUrl,
    downloadsDir: config.downloads.source === 'ordner' ? config.downloads.dir : undefined,
  };
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { product, stop };
}

/**
 * One PostgreSQL for the browser tests with a database per product, each a copy of one migrated and seeded
 * with the small demo set (200 customers), as `npm start` seeds it: migrating and seeding once and copying
 * the result took a second or two instead of a second cluster, migration and seed.
 */
async function startDatabases(count: number) {
  const { serverUrl, stop } = await startTemplatePostgres(
    'fenster-crm-e2e-db-',
    'fenster_e2e_template',
    (db) => seedDemoDataIfEmpty(db, { tenant: readConfig({}).tenant, customers: 200 }),
  );
  const urls: string[] = [];
  for (let index = 0; index < count; index += 1) {
    await adminQuery(serverUrl, `CREATE DATABASE fenster_e2e_${index} TEMPLATE fenster_e2e_template`);
    urls.push(`${serverUrl}/fenster_e2e_${index}`);
  }
  return { urls, stop };
}

/**
 * Starts one product per browser worker, each over its own database: two test files running at the same
 * time never meet each other's data (a lost Vorgang, a renamed label), as when the files ran one at a time.
 */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) {
    throw new Error(
      'Die Web-App ist nicht gebaut: bitte zuerst "npm run build" ausführen (npm test tut das).',
    );
  }
  const browserStateDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-browser-state-'));
  const workers = Math.max(1, project.config.maxWorkers);
  const running: Awaited<ReturnType<typeof startProduct>>[] = [];
  let databases: Awaited<ReturnType<typeof startDatabases>> | undefined;
  const stop = async () => {
    await Promise.all(running.map((product) => product.stop()));
    await databases?.stop();
    await rm(browserStateDir, { recursive: true, force: true });
  };
  try {
    databases = await startDatabases(workers);
    // Side by side: with their data in place a start is short (the demo data was made once, above).
    running.push(...(await Promise.all(databases.urls.map((url) => startProduct(url)))));
  } catch (error) {
    await stop();
    throw error;
  }
  project.provide(
    'products',
    running.map((product) => product.product),
  );
  project.provide('browserStateDir', browserStateDir);
  return stop;
}
