// The Vorgänge list through HTTP for bench/vorgaengeList.ts: one real API instance (auth, validation,
// serialisation included) over the bench's database, a token of the given user (APP_KUNDE).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { setUpDevAuth } from '../server/dev/devIdp/devAuthSetup';
import { loadOrCreateDevIdpKeys } from '../server/dev/devIdp/devIdpKeys';
import { createFolderSource } from '../server/downloads/folderSource';
import { readConfig } from '../server/platform/config/env';
import type { Database } from '../server/platform/db/database';
import { loadEntities } from '../server/platform/entities/loadEntities';
import { signAccessToken } from '../tests/support/tokens';

/** An API instance on a free port; `get(path, query)` answers the time of one GET in ms. */
export async function startListApi(db: Database, callerOid: string) {
  const publicUrl = 'http://localhost:3000';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-list-bench-'));
  const auth = await setUpDevAuth({
    publicUrl,
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
    publicUrl,
    logLevel: 'warn',
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
  const token = await signAccessToken(signingKey, `${publicUrl}/oidc`, ['APP_KUNDE'], { oid: callerOid });
  return {
    /** Milliseconds of one GET /api/<call>?<query>, body read; throws on a non-2xx answer. */
    async get(call: string, query: Record<string, unknown>) {
      const search = new URLSearchParams(
        Object.entries(query).map(([key, value]) => [key, String(value)] as [string, string]),
      );
      const started = performance.now();
      const response = await fetch(`${url}/api/${call}?${search}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${call}: HTTP ${response.status}`);
      return performance.now() - started;
    },
    stop: async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
