import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { readConfig } from '../../server/platform/config/env';
import { connectionStringOf } from '../../server/platform/db/database';
import { startServer } from '../../server/start';
import { freePort } from './freePort';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the whole product (API, web app, identity provider) under test. */
    baseUrl: string;
    /** The Dateien area's folder of that product (the demo documents are generated into it). */
    downloadsDir: string;
    /** Its database, for a second server instance over the same data (the live board across instances). */
    databaseUrl: string;
    /** A folder for the browser state of each person's first sign-in (tests/support/browserSession.ts). */
    browserStateDir: string;
  }
}

/** Starts the product as `npm start` does, on free ports with its own data folder and a small demo set. */
export default async function setup(project: TestProject) {
  if (!existsSync('dist/index.html')) {
    throw new Error(
      'Die Web-App ist nicht gebaut: bitte zuerst "npm run build" ausführen (npm test tut das).',
    );
  }
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
  const server = await startServer(config);
  project.provide('baseUrl', config.publicUrl);
  project.provide('databaseUrl', connectionStringOf(server.db));
  const browserStateDir = path.join(dataDir, 'browser-state');
  await mkdir(browserStateDir);
  project.provide('browserStateDir', browserStateDir);
  if (config.downloads.source === 'ordner') project.provide('downloadsDir', config.downloads.dir);
  return async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
