import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/platform/config/env';
import { connectionStringOf } from '../../server/platform/db/database';
import { THROW_AWAY_POSTGRES_FLAGS } from '../../server/platform/db/embeddedPostgres';
import { startServer } from '../../server/start';
import { freePort } from './freePort';

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

/** Starts the product as `npm start` does, on free ports with its own data folder and a small demo set. */
async function startProduct() {
  // A folder of its own right under the system's temporary folder: the embedded PostgreSQL runs as another
  // system user and must be able to enter the folder above its data.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-e2e-'));
  const port = await freePort();
  const config = readConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(await freePort()),
    SEED_CUSTOMERS: '200',
    LOG_LEVEL: 'warn',
  });
  // Its database goes with the run: PostgreSQL need not wait for the disk.
  const server = await startServer(config, { postgresFlags: THROW_AWAY_POSTGRES_FLAGS });
  const product: ProductUnderTest = {
    baseUrl: config.publicUrl,
    databaseUrl: connectionStringOf(server.db),
    downloadsDir: config.downloads.source === 'ordner' ? config.downloads.dir : undefined,
  };
  const stop = async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { product, stop };
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
  const stop = async () => {
    await Promise.all(running.map((product) => product.stop()));
    await rm(browserStateDir, { recursive: true, force: true });
  };
  // One after another: started side by side in this one process, one product's demo data generation held
  // up the other's start past Fastify's 10 s plugin limit on a busy machine.
  try {
    for (let index = 0; index < workers; index += 1) running.push(await startProduct());
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
