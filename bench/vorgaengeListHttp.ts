// The Vorgänge list through HTTP for bench/vorgaengeList.ts: one real API instance (auth, validation,
// serialisation included) over the bench's database, a token of the given user (APP_KUNDE).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../server/platform/db/database';
import { buildBenchApp } from './inProcessApp';

/** An API instance on a free port; `get(path, query)` answers the time of one GET in ms. */
export async function startListApi(db: Database, callerOid: string) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-list-bench-'));
  const { app, signToken } = await buildBenchApp(db, dataDir);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const token = await signToken(['APP_KUNDE'], { oid: callerOid });
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
