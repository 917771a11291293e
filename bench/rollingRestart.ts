// Rolling restart under load, and read throughput with 1, 2 and 3 instances, through nginx (the production
// topology of scripts/topology, as `npm run prod:local` starts it). Run: `npx tsx bench/rollingRestart.ts`.
// Environment: ROLLING_DIR (/tmp/fenster-rolling), ROLLING_CLIENTS (50), ROLLING_SECONDS (60),
// THROUGHPUT_SECONDS (15), ROLLING_RELOAD (false: SIGTERM alone; true: each instance leaves nginx's upstream
// by a reload before SIGTERM), SEED_CUSTOMERS (2000), ROLLING_PORT (4144, nginx; the instances follow),
// ROLLING_PG_PORT (5544).
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Agent, request } from 'node:https';
import path from 'node:path';
import pg from 'pg';
import { startTopology, type Topology } from '../scripts/topology/topology';
import { loadOrCreateDevIdpKeys } from '../server/dev/devIdp/devIdpKeys';
import { signAccessToken } from '../tests/support/tokens';

const env = process.env;
const dir = env.ROLLING_DIR ?? '/tmp/fenster-rolling';
const clients = Number(env.ROLLING_CLIENTS ?? 50);
const rollingSeconds = Number(env.ROLLING_SECONDS ?? 60);
const throughputSeconds = Number(env.THROUGHPUT_SECONDS ?? 15);
const port = Number(env.ROLLING_PORT ?? 4144);
const pgPort = Number(env.ROLLING_PG_PORT ?? 5544);
const READS = [
  '/api/vorgang/kanban',
  '/api/adminExtended/getArticleMappingStatistics',
  '/api/label/getLabels',
];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** CPU seconds (user + system) a process and its children have used so far, from /proc. */
function cpuSecondsOf(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      // utime + stime of the process, plus cutime + cstime: what its ended children used (PostgreSQL's
      // backends come and go with the connections).
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks });
    } catch {
      // gone meanwhile
    }
  }
  let ticks = 0;
  const walk = (pid: number) => {
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, stat] of stats) if (stat.ppid === pid) walk(child);
  };
  walk(rootPid);
  return ticks / 100;
}

async function main() {
  await rm(dir, { recursive: true, force: true });
  const topology: Topology = await startTopology({
    dir,
    port,
    appPorts: [port + 1, port + 2, port + 3],
    postgresPort: pgPort,
    seedCustomers: Number(env.SEED_CUSTOMERS ?? 2000),
    accessLog: false,
    env: { LOG_LEVEL: 'warn' },
  });
  try {
    const { signingKey } = await loadOrCreateDevIdpKeys(topology.dataDir);
    const token = await signAccessToken(signingKey, `${topology.publicUrl}/oidc`, ['APP_ADMIN', 'APP_KUNDE']);
    const agent = new Agent({ ca: readFileSync(topology.certFile), keepAlive: true, maxSockets: clients });
    const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const payload = body === undefined ? undefined : JSON.stringify(body);
        const req = request(
          `${topology.publicUrl}${url}`,
          {
            method,
            agent,
            headers: {
              authorization: `Bearer ${token}`,
              'accept-encoding': 'br, gzip',
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...headers,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('latin1');
            res.on('data', (chunk: string) => (text += chunk));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    // 1. Rolling restart: every client loops over a read/write mix (8 reads, 1 label created with an
    // Idempotency-Key as the web app sends it, 1 label changed with its version and no key, as the web app
    // saves an edit) while each instance in turn gets SIGTERM, drains, and is started again.
    const latencies: { at: number; ms: number }[] = [];
    const failures: string[] = [];
    const acknowledged: number[] = [];
    const changed: { id: number; name: string }[] = [];
    let stop = false;
    type Saved = { result: { id: number; version: number } };
    const client = async (lane: number) => {
      let last: { id: number; version: number } | undefined;
      for (let i = 0; !stop; i++) {
        const create = i % 10 === 4;
        const change = i % 10 === 9 && last !== undefined;
        const started = performance.now();
        const what = create ? 'Anlegen (mit Schlüssel)' : change ? 'Ändern (ohne Schlüssel)' : 'Lesen';
        try {
          const name = `Rollend ${lane}-${i}`;
          const answer = create
            ? await call(
                'POST',
                '/api/label/putLabel',
                { name, color: '#224466' },
                { 'idempotency-key': randomUUID() },
              )
            : change
              ? await call('POST', '/api/label/putLabel', { ...last, name, color: '#446622' })
              : await call('GET', READS[i % READS.length]!);
          if (answer.status !== 200)
            failures.push(`${what}: ${answer.status} ${answer.text.replace(/\s+/g, ' ').slice(0, 100)}`);
          else if (create || change) {
            const saved = (JSON.parse(answer.text) as Saved).result;
            last = { id: saved.id, version: saved.version };
            if (create) acknowledged.push(saved.id);
            else changed.push({ id: saved.id, name });
          }
        } catch (error) {
          failures.push(`${what}: ${String(error)}`);
        }
        latencies.push({ at: started, ms: performance.now() - started });
      }
    };
    const windows: { from: number; to: number; name: string }[] = [];
    const begun = performance.now();
    const lanes = Array.from({ length: clients }, (_, lane) => client(lane));
    const restarts = (async () => {
      const gap = (rollingSeconds * 1000) / (topology.instances.length + 1);
      for (const [i, instance] of topology.instances.entries()) {
        await pause(Math.max(0, begun + gap * (i + 1) - gap / 2 - performance.now()));
        const from = performance.now();
        const all = topology.instances.map((one) => one.port);
        // SIGTERM alone: the draining instance answers 503 to what nginx may repeat elsewhere, and nginx
        // leaves it. ROLLING_RELOAD=true takes it out of the upstream first (nginx reload) as well.
        if (env.ROLLING_RELOAD === 'true') {
          await topology.nginx.reload(all.filter((port) => port !== instance.port));
        }
        const code = await instance.stop();
        await instance.start();
        if (env.ROLLING_RELOAD === 'true') await topology.nginx.reload(all);
        windows.push({ from, to: performance.now(), name: `Instanz ${i + 1} (Exit-Code ${code})` });
      }
    })();
    await pause(rollingSeconds * 1000);
    await restarts;
    stop = true;
    await Promise.all(lanes);
    const elapsed = (performance.now() - begun) / 1000;
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    const found = Number(
      (await db.query('SELECT count(*) AS n FROM label WHERE id = ANY($1::int[])', [acknowledged])).rows[0].n,
    );
    // A create repeated by nginx must not have made a second label: every name is there once.
    const doubled = Number(
      (
        await db.query(
          `SELECT count(*) AS n FROM (SELECT name FROM label WHERE name LIKE 'Rollend %'
             GROUP BY name HAVING count(*) > 1) AS twice`,
        )
      ).rows[0].n,
    );
    // The last acknowledged change of each label holds (a later change of the same label overwrote earlier ones).
    const lastChange = new Map(changed.map((one) => [one.id, one.name]));
    const stored = new Map(
      (
        await db.query<{ id: number; name: string }>('SELECT id, name FROM label WHERE id = ANY($1::int[])', [
          [...lastChange.keys()],
        ])
      ).rows.map((row) => [row.id, row.name]),
    );
    const changesLost = [...lastChange].filter(([id, name]) => stored.get(id) !== name).length;
    await db.end();
    const during = latencies
      .filter((l) => windows.some((w) => l.at >= w.from && l.at <= w.to))
      .map((l) => l.ms);
    console.log(
      `\nRollender Neustart: ${clients} Clients, ${elapsed.toFixed(0)} s, Lesen:Anlegen:Ändern 8:1:1, ${env.ROLLING_RELOAD === 'true' ? 'Reload + SIGTERM' : 'SIGTERM allein'}`,
    );
    for (const w of windows) console.log(`  ${w.name}: Neustart ${((w.to - w.from) / 1000).toFixed(1)} s`);
    console.log(`  Anfragen: ${latencies.length}, fehlgeschlagen: ${failures.length}`);
    if (failures.length) console.log(`  erste Fehler: ${[...new Set(failures)].slice(0, 5).join(' | ')}`);
    console.log(
      `  bestätigt angelegt: ${acknowledged.length}, davon verloren: ${acknowledged.length - found}, doppelt angelegt: ${doubled}; bestätigte Änderungen: ${changed.length} (${lastChange.size} Labels), letzte Änderung verloren: ${changesLost}`,
    );
    console.log(
      `  p50/p99 gesamt: ${percentile(
        latencies.map((l) => l.ms),
        50,
      ).toFixed(0)}/${percentile(
        latencies.map((l) => l.ms),
        99,
      ).toFixed(0)} ms; p99 während der Neustarts: ${percentile(during, 99).toFixed(0)} ms`,
    );

    // 2. Read throughput with 1, 2 and 3 instances behind nginx, and where the CPU went.
    const postmasterPid = Number(
      readFileSync(path.join(dir, 'postgres', 'data', 'postmaster.pid'), 'utf8').split('\n')[0],
    );
    console.log(`\nLesedurchsatz über nginx (${clients} Clients, je ${throughputSeconds} s):`);
    for (const count of [1, 2, 3]) {
      const used = topology.instances.slice(0, count);
      await topology.nginx.reload(used.map((instance) => instance.port));
      const cpu = () => ({
        postgres: cpuSecondsOf(postmasterPid),
        nginx: cpuSecondsOf(topology.nginx.pid),
        node: topology.instances.reduce((sum, instance) => sum + cpuSecondsOf(instance.process!.pid!), 0),
        client: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      });
      const before = cpu();
      let done = 0;
      let errors = 0;
      const reads: number[] = [];
      let stopReads = false;
      const reader = async () => {
        for (let i = 0; !stopReads; i++) {
          const started = performance.now();
          const answer = await call('GET', READS[i % READS.length]!).catch(() => ({ status: 0, text: '' }));
          if (answer.status === 200) done += 1;
          else errors += 1;
          reads.push(performance.now() - started);
        }
      };
      const readers = Array.from({ length: clients }, reader);
      await pause(throughputSeconds * 1000);
      stopReads = true;
      await Promise.all(readers);
      const after = cpu();
      const share = (key: keyof typeof before) =>
        `${((after[key] - before[key]) / throughputSeconds).toFixed(2)}`;
      console.log(
        `  ${count} Instanz(en): ${(done / throughputSeconds).toFixed(0)} Anfragen/s, Fehler ${errors}, p50/p99 ${percentile(reads, 50).toFixed(0)}/${percentile(reads, 99).toFixed(0)} ms; CPU-Kerne: PostgreSQL ${share('postgres')}, nginx ${share('nginx')}, node ${share('node')}, Last-Client ${share('client')}`,
      );
    }
    agent.destroy();
  } finally {
    await topology.stop();
  }
}

await main();
