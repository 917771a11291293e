import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureServerBuild, SERVER_ENTRY } from '../../../scripts/topology/serverBuild';
import { loadOrCreateDevIdpKeys } from '../../../server/dev/devIdp/devIdpKeys';
import { judgeLeftover, readPostmasterLock } from '../../../server/platform/db/leftoverPostgres';
import { freePort } from '../../support/freePort';
import { signAccessToken } from '../../support/tokens';

// The production entry point as production runs it: the server's build, one node process.
const startServerProcess = (env: Record<string, string>): ChildProcess =>
  spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });

async function waitUntilUp(baseUrl: string, child: ChildProcess, log: string[]): Promise<void> {
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Der Server ist beendet:\n${log.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Der Server kam nicht hoch:\n${log.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('a server killed with SIGKILL under write load', () => {
  const children: ChildProcess[] = [];
  let dataDir = '';
  beforeAll(() => ensureServerBuild(), 120_000);
  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited(child);
      }
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('comes back with the normal start, stopping its orphaned PostgreSQL, and keeps every acknowledged write', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-crash-'));
    const port = await freePort();
    const pgPort = await freePort();
    const baseUrl = `http://localhost:${port}`;
    const env = {
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      SEED_CUSTOMERS: '5',
      LOG_LEVEL: 'warn',
    };
    const log: string[] = [];
    const firstAt = performance.now();
    const first = startServerProcess(env);
    children.push(first);
    first.stderr!.on('data', (chunk) => log.push(String(chunk)));
    await waitUntilUp(baseUrl, first, log);
    const firstStartMs = Math.round(performance.now() - firstAt);

    const { signingKey } = await loadOrCreateDevIdpKeys(dataDir);
    const token = await signAccessToken(signingKey, `${baseUrl}/oidc`, ['APP_ADMIN', 'APP_KUNDE']);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    // Writers save labels one after another; a write counts once its 200 has arrived.
    const acknowledged: number[] = [];
    let stop = false;
    const writer = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const response = await fetch(`${baseUrl}/api/label/putLabel`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ name: `Absturz ${lane}-${i}`, color: '#123456' }),
          });
          if (response.status !== 200) throw new Error(`Status ${response.status}: ${await response.text()}`);
          acknowledged.push(((await response.json()) as { result: { id: number } }).result.id);
        } catch (error) {
          if (!stop) throw error;
        }
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (acknowledged.length < 60) await new Promise((resolve) => setTimeout(resolve, 20));
    // Writes are still in flight when the process dies; those never answered do not count.
    stop = true;
    first.kill('SIGKILL');
    await exited(first);
    await Promise.all(writers);

    // The kill left PostgreSQL running on our folder: exactly what the next start must recognise.
    const pgDir = path.join(dataDir, 'postgres');
    const orphan = await readPostmasterLock(pgDir);
    expect(orphan?.port).toBe(pgPort);
    expect((await judgeLeftover(pgDir, pgPort)).kind).toBe('ours');
    // Seen from another port, the same PostgreSQL is not "ours" and would be left alone.
    expect((await judgeLeftover(pgDir, pgPort + 1)).kind).toBe('foreign');

    const restartedAt = performance.now();
    const second = startServerProcess(env);
    children.push(second);
    second.stderr!.on('data', (chunk) => log.push(String(chunk)));
    await waitUntilUp(baseUrl, second, log);
    const restartMs = Math.round(performance.now() - restartedAt);
    console.log(
      `Erster Start ${firstStartMs} ms; Neustart nach SIGKILL: ${restartMs} ms, ${acknowledged.length} bestätigte Schreibvorgänge`,
    );

    const ids = [...new Set(acknowledged)];
    const filter = encodeURIComponent(JSON.stringify({ id: ids }));
    const listed = await fetch(`${baseUrl}/api/label/getLabels?perPage=500&filter=${filter}`, { headers });
    expect(listed.status).toBe(200);
    const found = ((await listed.json()) as { result: { data: { id: number }[] } }).result.data.map(
      (r) => r.id,
    );
    expect(new Set(found)).toEqual(new Set(ids));

    second.kill('SIGTERM');
    await exited(second);
    // A clean stop leaves no PostgreSQL behind.
    expect((await judgeLeftover(pgDir, pgPort)).kind).toBe('none');
  }, 300_000);
});
