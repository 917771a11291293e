import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readConfig } from '../../server/platform/config/env';
import { startServer } from '../../server/start';
import { adminQuery } from './adminQuery';
import { freePort } from './freePort';
import { productUnderTest } from './productUnderTest';

/**
 * The product as Rekord runs it (TENANT=rekord), `npm start`-like on a fresh database of its own in the browser
 * tests' PostgreSQL: migrated and seeded with a small set of Rekord's demo data (its German branches, demo users at
 * Rekord's sites) at its start. For the tenant's own rules, looked at in a browser.
 */
export async function startRekordProduct(): Promise<{ url: string; stop: () => Promise<void> }> {
  const { databaseUrl } = productUnderTest();
  const serverUrl = databaseUrl.slice(0, databaseUrl.lastIndexOf('/'));
  const database = `fenster_rekord_${process.pid}_${Date.now()}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${database}`);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-rekord-'));
  const port = await freePort();
  const config = readConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: `${serverUrl}/${database}`,
    DEMO: 'true',
    TENANT: 'rekord',
    SEED_CUSTOMERS: '60',
    LOG_LEVEL: 'warn',
  });
  const server = await startServer(config);
  return {
    url: config.publicUrl,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${database}`);
    },
  };
}
