import type { FastifyInstance, InjectOptions } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { ClientConfig } from '../../src/config/clientConfig';
import { buildApp } from '../../server/app';
import { readConfig } from '../../server/platform/config/env';
import type { AuthPluginOptions } from '../../server/platform/auth/authPlugin';
import { setUpDevAuth } from '../../server/dev/devIdp/devAuthSetup';
import { loadOrCreateDevIdpKeys } from '../../server/dev/devIdp/devIdpKeys';
import { openDatabase, type Database } from '../../server/platform/db/database';
import { loadEntities } from '../../server/platform/entities/loadEntities';
import type { Directory } from '../../server/platform/auth/directory';
import { adminQuery } from './adminQuery';
import { signAccessToken } from './tokens';
import { createFolderSource } from '../../server/downloads/folderSource';
import type { DownloadSource } from '../../server/downloads/downloadSource';
import type { AzureBlobConfig } from '../../server/platform/files/azureBlobObjects';
import type { NetworkAccessConfig } from '../../server/platform/config/networkAccess';
import type { Microsoft365Options } from '../../server/microsoft365/microsoft365Options';

export const PUBLIC_URL = 'http://localhost:3000';
export const ISSUER = `${PUBLIC_URL}/oidc`;

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** A valid token of a person with these groups. */
  tokenFor: (groups: readonly string[]) => Promise<string>;
  /** The (initially missing) folder the data sync reads. */
  importDir: string;
  /** Where uploads are stored (1 MB limit in tests). */
  filesDir: string;
  /** The Dateien area's folder (empty at first) when no other source is given. */
  downloadsDir: string;
  signingKey: Awaited<ReturnType<typeof loadOrCreateDevIdpKeys>>['signingKey'];
  /** Calls the API as a person with these groups and returns status and parsed body. */
  call: (
    groups: readonly string[] | null,
    options: InjectOptions,
  ) => Promise<{
    status: number;
    body: { statusCode: number; result: Record<string, unknown> & { message?: string } };
  }>;
  close: () => Promise<void>;
}

let counter = 0;

/**
 * The real API (same plugins, auth and routes as production) on a fresh copy of the migrated database;
 * signed in through the development provider unless another sign-in is given.
 */
export async function createTestApp(signIn?: {
  auth?: AuthPluginOptions;
  clientAuth?: ClientConfig['auth'];
  directory?: Directory;
  smtpUrl?: string;
  downloads?: DownloadSource;
  /** A second server instance over another test app's database (its `connectionStringOf(db)`). */
  databaseUrl?: string;
  /** Uploaded files in this blob container (FILE_STORE=azure) instead of the app's own folder. */
  azureBlob?: AzureBlobConfig;
  /** The product's address (https turns on HSTS). */
  publicUrl?: string;
  /** Trusted proxies and who may read /metrics. */
  network?: NetworkAccessConfig;
  /** Receives the server's JSON log lines (at level info) instead of silence. */
  logStream?: { write(line: string): void };
  /** Microsoft 365 per person, against the Graph stand-in (tests/support/graphStandIn.ts). */
  microsoft365?: Microsoft365Options;
}): Promise<TestApp> {
  const serverUrl = inject('postgresServerUrl');
  const name = `test_${process.pid}_${Date.now()}_${counter++}`;
  if (!signIn?.databaseUrl) await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE fenster_template`);
  const db = openDatabase(signIn?.databaseUrl ?? `${serverUrl}/${name}`, 4);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-keys-'));
  const devAuth = await setUpDevAuth({
    publicUrl: PUBLIC_URL,
    dataDir,
    usersFile: path.resolve('server/dev/devIdp/demo-users.json'),
  });
  const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
  const downloadsDir = path.join(dataDir, 'downloads');
  const maxBytes = 1024 * 1024;
  const app = await buildApp({
    db,
    entities: await loadEntities(),
    importDir: path.join(dataDir, 'import'),
    files: signIn?.azureBlob
      ? { azure: signIn.azureBlob, maxBytes }
      : { dir: path.join(dataDir, 'files'), maxBytes },
    downloads: signIn?.downloads ?? (await createFolderSource(downloadsDir, maxBytes)),
    smtpUrl: signIn?.smtpUrl,
    auth: signIn?.auth ?? devAuth.auth,
    directory: signIn?.directory ?? devAuth.directory,
    clientConfig: {
      tenant: 'strussnig',
      demo: true,
      production: false,
      ui: readConfig({}).ui,
      auth: signIn?.clientAuth ?? devAuth.clientAuth,
    },
    publicUrl: signIn?.publicUrl ?? PUBLIC_URL,
    logLevel: signIn?.logStream ? 'info' : 'silent',
    logStream: signIn?.logStream,
    network: signIn?.network,
    microsoft365: signIn?.microsoft365,
  });
  await app.ready();
  const tokenFor = (groups: readonly string[]) => signAccessToken(signingKey, ISSUER, groups);
  // `call` signs a person's token once a minute, not per request (an RSA signature each, thousands per run);
  // a token is valid for ten minutes.
  const recentTokens = new Map<string, { token: string; signedAt: number }>();
  const recentTokenFor = async (groups: readonly string[]) => {
    const key = JSON.stringify(groups);
    const recent = recentTokens.get(key);
    // A test that sets the clock back gets a token of its own time, too.
    const age = recent ? Date.now() - recent.signedAt : -1;
    if (recent && age >= 0 && age < 60_000) return recent.token;
    const token = await tokenFor(groups);
    recentTokens.set(key, { token, signedAt: Date.now() });
    return token;
  };
  return {
    app,
    db,
    tokenFor,
    importDir: path.join(dataDir, 'import'),
    filesDir: path.join(dataDir, 'files'),
    downloadsDir,
    signingKey,
    call: async (groups, options) => {
      const headers = { ...(options.headers ?? {}) } as Record<string, string>;
      if (groups) headers.authorization = `Bearer ${await recentTokenFor(groups)}`;
      const response = await app.inject({ ...options, headers });
      return { status: response.statusCode, body: response.json() };
    },
    close: async () => {
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
