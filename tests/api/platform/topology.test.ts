import { createHash, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { connect } from 'node:http2';
import { readFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../../scripts/topology/processes';
import { startTopology, type Topology } from '../../../scripts/topology/topology';
import { loadOrCreateDevIdpKeys } from '../../../server/dev/devIdp/devIdpKeys';
import { freePort } from '../../support/freePort';
import { httpsClient } from '../../support/httpsClient';
import { multipartBody } from '../../support/multipartBody';
import { signAccessToken } from '../../support/tokens';

/** Every file below `root` (relative path) with its SHA-256. */
async function fileDigests(root: string): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    result[path.relative(root, file)] = createHash('sha256')
      .update(await readFile(file))
      .digest('hex');
  }
  return result;
}

/** Polls `check` every 100 ms until it answers true; false after `timeoutMs`. */
async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/*
 * The production topology as `npm run prod:local` starts it: an external PostgreSQL, two app processes (the
 * server's build, dist-server/) with DATABASE_URL, nginx with TLS and HTTP/2 in front. Everything goes
 * through nginx, except where a test addresses one instance on purpose. Without nginx or age (and no way to
 * install them) the start or the backup fails: this test is red then, never skipped.
 */
const METRICS_TOKEN = 'topologie-metriken-0123456789';
// Long enough for a few requests against a paused replica under load, short enough to wait for its bypass.
const REPLICA_MAX_LAG_MS = 15_000;

describe('the production topology: nginx in front of two instances, PgBouncer, PostgreSQL and its replica', () => {
  let topology: Topology;
  let dir = '';
  let client: ReturnType<typeof httpsClient>;
  let admin = '';
  // What the topology says about its instances meanwhile (prod:local prints it).
  const reports: string[] = [];
  const auth = () => ({ authorization: `Bearer ${admin}` });
  const json = (text: string) => JSON.parse(text) as { statusCode: number; result: Record<string, unknown> };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-topology-'));
    topology = await startTopology({
      dir,
      port: await freePort(),
      appPorts: [await freePort(), await freePort()],
      postgresPort: await freePort(),
      pgBouncerPort: await freePort(),
      replicaPort: await freePort(),
      seedCustomers: 20,
      // Request logs on: the last test reads what the instances wrote during the whole run.
      env: {
        LOG_LEVEL: 'info',
        SHUTDOWN_DELAY_MS: '1000',
        METRICS_TOKEN,
        REPLICA_MAX_LAG_MS: String(REPLICA_MAX_LAG_MS),
      },
      report: (line) => reports.push(line),
    });
    client = httpsClient(topology.certFile);
    const { signingKey } = await loadOrCreateDevIdpKeys(topology.dataDir);
    admin = await signAccessToken(signingKey, `${topology.publicUrl}/oidc`, ['APP_ADMIN', 'APP_KUNDE']);
  }, 240_000);

  afterAll(async () => {
    client?.close();
    await topology?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 120_000);

  it('answers over TLS and HTTP/2 with a request id, passes the web app files as the app sends them, and the same from every instance', async () => {
    const session = connect(topology.publicUrl, { ca: readFileSync(topology.certFile) });
    try {
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = session.request({ ':path': '/api/health/ready' });
        req.on('response', resolve);
        req.on('error', reject);
        req.resume();
        req.end();
      });
      expect(headers[':status']).toBe(200);
      expect(headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
      // The instance that answered names itself (host:port by default) ...
      const instance = String(headers['x-instance']);
      const port = Number(instance.split(':').pop());
      expect(topology.instances.map((i) => i.port)).toContain(port);
      // ... and nginx's access log (JSON lines, in the folder of the instances' logs) holds the request by its
      // id, with the upstream it went to.
      const logs = path.join(dir, 'logs');
      const logged = async () =>
        (await readFile(path.join(logs, 'nginx-access.log'), 'utf8'))
          .split('\n')
          .filter(Boolean)
          .map((text) => JSON.parse(text) as Record<string, unknown>)
          .find((entry) => entry.reqId === headers['x-request-id']);
      // nginx writes the line once the request has ended, which may be a moment after the client has its answer.
      await expect.poll(logged).toBeDefined();
      const line = await logged();
      expect(line).toMatchObject({
        path: '/api/health/ready',
        status: 200,
        upstream: `127.0.0.1:${port}`,
        instance,
      });
      expect((await stat(path.join(logs, 'nginx-error.log'))).isFile()).toBe(true);
    } finally {
      session.close();
    }

    // The web app's files come through nginx as the app sends them: compressed by the build, the page
    // revalidated, the hashed assets kept for good.
    const page = await client.call('GET', `${topology.publicUrl}/crm/kunden`, {
      'accept-encoding': 'identity',
    });
    expect(page.status, 'the built web app (npm run build before this test on its own)').toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const asset = await client.call('GET', `${topology.publicUrl}${script}`, {
      'accept-encoding': 'br, gzip',
    });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toMatch(/immutable/);

    for (const url of ['/api/vorgang/kanban', '/api/adminExtended/getArticleMappingStatistics']) {
      const viaNginx = await client.call('GET', `${topology.publicUrl}${url}`, auth());
      expect(viaNginx.status, url).toBe(200);
      for (const instance of topology.instances) {
        const direct = await fetch(`${instance.url}${url}`, { headers: auth() });
        expect(direct.status, `${instance.url}${url}`).toBe(200);
        expect(await direct.json()).toEqual(json(viaNginx.text));
      }
    }
  });

  it('downloads a file uploaded through instance A from instance B and through nginx, with its checks', async () => {
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    const customer = (await db.query<{ id: number }>('SELECT id FROM customer ORDER BY id LIMIT 1')).rows[0]!;
    await db.end();
    const content = Buffer.from('%PDF-1.4 von A nach B\n');
    const upload = multipartBody('a-nach-b.pdf', content);
    const [a, b] = topology.instances;
    const uploaded = await fetch(`${a!.url}/api/kunde/uploadFile/${customer.id}`, {
      method: 'POST',
      headers: { ...auth(), ...upload.headers },
      body: upload.payload,
    });
    expect(uploaded.status).toBe(200);
    const { id } = ((await uploaded.json()) as { result: { id: number } }).result;
    const viaB = await fetch(`${b!.url}/api/kunde/downloadFile/${id}`, { headers: auth() });
    expect(viaB.status).toBe(200);
    expect(Buffer.from(await viaB.arrayBuffer())).toEqual(content);
    const viaNginx = await client.call('GET', `${topology.publicUrl}/api/kunde/downloadFile/${id}`, auth());
    expect(viaNginx.status).toBe(200);
    expect(viaNginx.text).toBe(content.toString());
    // The download keeps its authorisation check on every instance.
    expect((await fetch(`${b!.url}/api/kunde/downloadFile/${id}`)).status).toBe(401);
  });

  it('answers /metrics through nginx only with the token', async () => {
    const refused = await client.call('GET', `${topology.publicUrl}/metrics`);
    expect(refused.status).toBe(403);
    expect(refused.text).not.toContain('fenster_');
    const scraped = await client.call('GET', `${topology.publicUrl}/metrics`, {
      authorization: `Bearer ${METRICS_TOKEN}`,
    });
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('fenster_');
  });

  it('sends every instance through PgBouncer in transaction mode', async () => {
    const bouncer = topology.pgBouncer!;
    expect(bouncer, 'PgBouncer started (Debian package pgbouncer)').toBeDefined();
    for (const instance of topology.instances) {
      const answer = await fetch(`${instance.url}/api/label/getLabels`, { headers: auth() });
      expect(answer.status).toBe(200);
    }
    const admin = new pg.Client({ connectionString: bouncer.adminUrl });
    await admin.connect();
    try {
      // The admin console speaks the simple protocol only: statements without parameters.
      const config = await admin.query<{ key: string; value: string }>('SHOW CONFIG');
      expect(config.rows.find((row) => row.key === 'pool_mode')?.value).toBe('transaction');
      const clients = await admin.query<{ database: string; application_name: string }>('SHOW CLIENTS');
      const names = clients.rows
        .filter((row) => row.database === 'fenster_crm')
        .map((row) => row.application_name);
      // Each instance's pool (named fenster-crm <host>:<port>) is a client of PgBouncer.
      for (const instance of topology.instances)
        expect(
          names.some((name) => name.endsWith(`:${instance.port}`)),
          names.join(', '),
        ).toBe(true);
      const pools = await admin.query<{ database: string; sv_active: string; sv_idle: string }>('SHOW POOLS');
      expect(pools.rows.some((row) => row.database === 'fenster_crm')).toBe(true);
    } finally {
      await admin.end();
    }
  });

  it('reads Strg+K and reports from the replica, a person’s own writes from the primary, and bypasses a replica that lags or is down', async () => {
    const replica = topology.replica!;
    expect(replica, 'replica started (Debian PostgreSQL)').toBeDefined();
    const [a] = topology.instances;
    const metric = async (pattern: RegExp) => {
      const text = await (
        await fetch(`${a!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      return Number(pattern.exec(text)?.[1] ?? NaN);
    };
    const replicaInUse = () => metric(/^fenster_db_replica_in_use (\S+)$/m);
    const found = async (word: string, cookie?: string) => {
      const answer = await fetch(`${a!.url}/api/search/find?q=${word}`, {
        headers: { ...auth(), ...(cookie ? { cookie } : {}) },
      });
      expect(answer.status).toBe(200);
      const { result } = (await answer.json()) as { result: { customers: { id: number }[] } };
      return result.customers.length > 0;
    };
    expect(await eventually(async () => (await replicaInUse()) === 1, 20_000)).toBe(true);
    const replicaReads = () => metric(/^fenster_db_reads_total\{target="replica",reason="replik"\} (\S+)$/m);
    const beforeReport = (await replicaReads()) || 0;
    // A report (the dashboard's figures) is read on the replica.
    const report = await fetch(`${a!.url}/api/dashboard/getFigures`, { headers: auth() });
    expect(report.status).toBe(200);
    const readsBefore = await replicaReads();
    expect(readsBefore).toBeGreaterThan(beforeReport);

    const standby = new pg.Client({ connectionString: replica.url });
    const primary = new pg.Client({ connectionString: topology.database.url });
    await standby.connect();
    await primary.connect();
    try {
      // The replica stops replaying: what the primary gets next is not on it.
      await standby.query('SELECT pg_wal_replay_pause()');
      const { rows } = await primary.query<{ id: number; version: number }>(
        'SELECT id, version FROM customer ORDER BY id LIMIT 1',
      );
      const town = `Replikdorf${Date.now()}`;
      const saved = await fetch(`${a!.url}/api/kunde/updateCustomerField`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ id: rows[0]!.id, version: rows[0]!.version, field: 'city', value: town }),
      });
      expect(saved.status).toBe(200);
      const cookie = saved.headers.get('set-cookie')?.split(';')[0];
      expect(cookie).toMatch(/^fenster_primary_until=\d+$/);
      // Someone else (no cookie) searches the replica, which has not replayed the change yet ...
      expect(await found(town)).toBe(false);
      // ... the person who wrote it reads the primary and finds it (read-your-writes).
      expect(await found(town, cookie)).toBe(true);
      expect(await replicaReads()).toBeGreaterThan(readsBefore);
      expect(
        await metric(/^fenster_db_reads_total\{target="primary",reason="eigene_aenderung"\} (\S+)$/m),
      ).toBeGreaterThanOrEqual(1);

      // Paused longer than REPLICA_MAX_LAG_MS: the lag shows, the replica is bypassed, everyone finds the change.
      expect(await eventually(async () => (await replicaInUse()) === 0, 40_000)).toBe(true);
      expect(await metric(/^fenster_db_replica_lag_seconds (\S+)$/m)).toBeGreaterThan(
        REPLICA_MAX_LAG_MS / 1000,
      );
      expect(await found(town)).toBe(true);
      expect(
        await metric(/^fenster_db_reads_total\{target="primary",reason="umgangen"\} (\S+)$/m),
      ).toBeGreaterThanOrEqual(1);
      await standby.query('SELECT pg_wal_replay_resume()');
      expect(await eventually(async () => (await replicaInUse()) === 1, 20_000)).toBe(true);
      expect(await found(town)).toBe(true);
    } finally {
      await standby.query('SELECT pg_wal_replay_resume()').catch(() => undefined);
      await standby.end().catch(() => undefined);
      await primary.end();
    }

    // A replica that is down is bypassed: the search still answers, from the primary.
    await replica.stop();
    try {
      expect(await eventually(async () => (await replicaInUse()) === 0, 10_000)).toBe(true);
      const answer = await fetch(`${a!.url}/api/search/find?q=Replikdorf`, { headers: auth() });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { result: { customers: unknown[] } }).result.customers.length).toBe(1);
    } finally {
      await replica.start();
    }
    expect(await eventually(async () => (await replicaInUse()) === 1, 30_000)).toBe(true);
  }, 120_000);

  it('brings a Kanban move made on either instance to an event stream opened through nginx', async () => {
    const stream = client.stream(`${topology.publicUrl}/api/vorgang/kanban-events`, auth());
    await stream.opened;
    try {
      expect(stream.status()).toBe(200);
      const db = new pg.Client({ connectionString: topology.database.url });
      await db.connect();
      const { rows } = await db.query<{ id: number; version: number; status: number | null }>(
        `SELECT id, version, custom_status_id AS status FROM vorgang
         WHERE system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT 2`,
      );
      const { rows: statuses } = await db.query<{ id: number }>(
        'SELECT id FROM custom_status ORDER BY id LIMIT 2',
      );
      await db.end();
      // One move on each instance: the stream sits on one of them, so one move crosses to the other.
      for (const [i, instance] of topology.instances.entries()) {
        const card = rows[i]!;
        const to = statuses.find((status) => status.id !== card.status)!.id;
        const moved = await fetch(`${instance.url}/api/vorgang/setCustomStatusForVorgang`, {
          method: 'POST',
          headers: { ...auth(), 'content-type': 'application/json' },
          body: JSON.stringify({ vorgangId: card.id, version: card.version, customStatusId: to }),
        });
        expect(moved.status).toBe(200);
        const deadline = Date.now() + 5000;
        const arrived = () =>
          stream.events.some((e) => e.event === 'moved' && JSON.parse(e.data).vorgangId === card.id);
        while (!arrived() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(arrived(), `Verschiebung auf ${instance.url}`).toBe(true);
      }
    } finally {
      stream.close();
    }
  });

  it('runs a background job once although both instances are asked to start it', async () => {
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    try {
      const before = Number(
        (await db.query('SELECT count(*) AS n FROM article_mapping_cache_job')).rows[0].n,
      );
      // The test holds the cache table, so the first run stays busy while the second instance is asked.
      await db.query('BEGIN');
      await db.query('LOCK TABLE article_mapping_cache IN SHARE MODE');
      const start = (url: string) =>
        fetch(`${url}/api/adminExtended/buildArticleMappingCache`, { method: 'POST', headers: auth() });
      const [first, second] = topology.instances;
      expect((await start(first!.url)).status).toBe(200);
      const refused = await start(second!.url);
      expect(refused.status).toBe(409);
      await db.query('COMMIT');
      const deadline = Date.now() + 15_000;
      let states: string[] = [];
      while (Date.now() < deadline) {
        states = (
          await db.query('SELECT state FROM article_mapping_cache_job ORDER BY id OFFSET $1', [before])
        ).rows.map((row: { state: string }) => row.state);
        if (!states.includes('laeuft')) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(states).toEqual(['fertig']);
    } finally {
      await db.end();
    }
  });

  it('restarts an instance killed under load, which is back and ready, while nginx sends its reads and keyed writes elsewhere', async () => {
    let stop = false;
    const failures: string[] = [];
    let answered = 0;
    const worker = async (lane: number) => {
      for (let i = 0; !stop; i++) {
        try {
          const answer =
            i % 2
              ? await client.call('GET', `${topology.publicUrl}/api/label/getLabels`, auth())
              : await client.call(
                  'POST',
                  `${topology.publicUrl}/api/label/putLabel`,
                  { ...auth(), 'idempotency-key': randomUUID() },
                  { name: `Absturz ${lane}-${i}`, color: '#224466' },
                );
          if (answer.status === 200) answered += 1;
          else failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    const workers = Array.from({ length: 4 }, (_, lane) => worker(lane));
    const victim = topology.instances[0]!;
    const killed = victim.process!;
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      // A crash: no drain, requests in flight on it are cut off.
      killed.kill('SIGKILL');
      expect(await eventually(async () => victim.restarts === 1 && victim.process !== killed, 10_000)).toBe(
        true,
      );
      // Ready, by the systemd units' own check (their ExecStartPost).
      await run(process.execPath, ['deploy/systemd/wait-ready.mjs', `${victim.url}/api/health/ready`, '120']);
      expect(victim.process!.pid).not.toBe(killed.pid);
      // It serves through nginx again: nginx tries it after fail_timeout (3 s).
      const servedAgain = await eventually(async () => {
        const answer = await client.call('GET', `${topology.publicUrl}/api/health/ready`);
        return answer.headers['x-instance'] === `${hostname()}:${victim.port}`;
      }, 15_000);
      expect(servedAgain).toBe(true);
    } finally {
      stop = true;
      await Promise.all(workers);
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(10);
    expect(reports.join('\n')).toMatch(
      new RegExp(
        `Instanz 1 \\(Port ${victim.port}\\) hat sich unerwartet beendet \\(Signal SIGKILL\\); starte sie neu`,
      ),
    );
    expect(reports.join('\n')).toMatch(new RegExp(`Instanz 1 \\(Port ${victim.port}\\) ist wieder bereit`));
  }, 150_000);

  it('is not ready while the shared files folder cannot be written, alive all the same, and ready once it can', async () => {
    const filesDir = path.join(topology.dataDir, 'files');
    const readiness = () =>
      Promise.all(topology.instances.map(async (i) => (await fetch(`${i.url}/api/health/ready`)).status));
    // A lost mount, as an operator might leave it: a file where the folder was.
    await rename(filesDir, `${filesDir}.weg`);
    await writeFile(filesDir, 'kein Ordner');
    try {
      expect(await eventually(async () => (await readiness()).every((s) => s === 503), 10_000)).toBe(true);
      for (const instance of topology.instances) {
        expect((await fetch(`${instance.url}/api/health/live`)).status).toBe(200);
      }
    } finally {
      await rm(filesDir);
      await rename(`${filesDir}.weg`, filesDir);
    }
    expect(await eventually(async () => (await readiness()).every((s) => s === 200), 5000)).toBe(true);
  });

  it('makes an encrypted backup (owner only) of the running system that restores into an empty database and folders, equal', async () => {
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    try {
      // A file uploaded through nginx, so the files folder holds what the app wrote.
      const customer = (await db.query<{ id: number }>('SELECT id FROM customer ORDER BY id LIMIT 1'))
        .rows[0]!;
      const upload = multipartBody('angebot.pdf', Buffer.from('%PDF-1.4 Sicherung\n'));
      const uploaded = await client.call(
        'POST',
        `${topology.publicUrl}/api/kunde/uploadFile/${customer.id}`,
        { ...auth(), ...upload.headers },
        upload.payload,
      );
      expect(uploaded.status, uploaded.text).toBe(200);

      const counts = async (client: pg.Client) => {
        const tables = (
          await client.query<{ name: string }>(
            "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
          )
        ).rows.map((row) => row.name);
        const result: Record<string, number> = {};
        for (const table of tables) {
          result[table] = Number((await client.query(`SELECT count(*) AS n FROM "${table}"`)).rows[0].n);
        }
        return result;
      };
      const before = await counts(db);
      const pgBin = { ...(topology.database.binDir ? { PG_BIN: topology.database.binDir } : {}) };
      // The operator's key pair: the backup needs only the public key, the restore the private one.
      const keys = path.join(dir, 'keys');
      await mkdir(keys);
      const publicKey = /age1[0-9a-z]+/.exec(
        await run('age-keygen', ['-o', path.join(keys, 'identity.txt')]),
      )![0];
      await writeFile(path.join(keys, 'recipients.txt'), `${publicKey}\n`);
      const backupDir = path.join(dir, 'backups');
      // The instances' own settings: the folders (files, Dateien, import) follow from DATA_DIR as in the app.
      await run('scripts/backup.sh', [], {
        env: {
          ...process.env,
          ...pgBin,
          DATABASE_URL: topology.database.url,
          DATA_DIR: topology.dataDir,
          BACKUP_DIR: backupDir,
          BACKUP_AGE_RECIPIENTS: path.join(keys, 'recipients.txt'),
        },
      });
      const [backup] = await readdir(backupDir);
      const backupPath = path.join(backupDir, backup!);
      // Only its owner may read it, and nothing in it is readable without the key.
      expect((await stat(backupDir)).mode & 0o777).toBe(0o700);
      expect((await stat(backupPath)).mode & 0o777).toBe(0o700);
      const parts = (await readdir(backupPath)).sort();
      expect(parts).toEqual([
        'SHA256SUMS',
        'database.dump.age',
        'downloads.tar.age',
        'files.tar.age',
        'import.tar.age',
      ]);
      for (const part of parts) {
        expect((await stat(path.join(backupPath, part))).mode & 0o777, part).toBe(0o600);
        if (part.endsWith('.age')) {
          const head = (await readFile(path.join(backupPath, part))).subarray(0, 21).toString();
          expect(head, part).toBe('age-encryption.org/v1');
        }
      }

      await db.query('CREATE DATABASE restored');
      const restoredUrl = topology.database.url.replace(/\/[^/]+$/, '/restored');
      const restoredData = path.join(dir, 'restored');
      await run('scripts/restore.sh', [backupPath], {
        env: {
          ...process.env,
          ...pgBin,
          DATABASE_URL: restoredUrl,
          DATA_DIR: restoredData,
          BACKUP_AGE_IDENTITY: path.join(keys, 'identity.txt'),
        },
      });

      const restored = new pg.Client({ connectionString: restoredUrl });
      await restored.connect();
      try {
        const original = { before, after: await counts(db) };
        expect(Object.keys(original.before).length).toBeGreaterThan(20);
        expect(original.before.customer).toBeGreaterThan(0);
        const restoredCounts = await counts(restored);
        expect(Object.keys(restoredCounts)).toEqual(Object.keys(original.before));
        // The instances' background chores (the duplicate keys, a minute after start) may write meanwhile:
        // each table holds what it held before the backup or after it.
        for (const [table, rows] of Object.entries(restoredCounts)) {
          expect([original.before[table], original.after[table]], table).toContain(rows);
        }
      } finally {
        await restored.end();
      }
      // Every folder the app writes: the uploads, the Dateien (a demo's first start fills it) and the import
      // folder (the sample ERP export).
      for (const folder of ['files', 'downloads', 'import']) {
        const originalFiles = await fileDigests(path.join(topology.dataDir, folder));
        expect(Object.keys(originalFiles).length, folder).toBeGreaterThan(0);
        expect(await fileDigests(path.join(restoredData, folder)), folder).toEqual(originalFiles);
      }
    } finally {
      await db.end();
    }
  });

  it('drains an instance on SIGTERM under load through nginx: not ready first, its background job finished before exit 0, no failed read or write, no create twice', async () => {
    let stop = false;
    const failures: string[] = [];
    const created: string[] = [];
    let answered = 0;
    // Reads, creates with an Idempotency-Key (as the web app sends them) and edits without one, side by side.
    const worker = async (lane: number) => {
      let label: { id: number; version: number; name: string } | undefined;
      for (let i = 0; !stop; i++) {
        const name = `Abschied ${lane}-${i}`;
        const kind = i % 3;
        try {
          const answer =
            kind === 0
              ? await client.call('GET', `${topology.publicUrl}/api/label/getLabels`, auth())
              : kind === 1 || !label
                ? await client.call(
                    'POST',
                    `${topology.publicUrl}/api/label/putLabel`,
                    { ...auth(), 'idempotency-key': randomUUID() },
                    { name, color: '#224466' },
                  )
                : await client.call('POST', `${topology.publicUrl}/api/label/putLabel`, auth(), {
                    ...label,
                    color: i % 2 ? '#446622' : '#664422',
                  });
          if (answer.status !== 200) {
            failures.push(`${answer.status} ${answer.text.slice(0, 200)}`);
            continue;
          }
          answered += 1;
          if (kind !== 0) {
            const saved = json(answer.text).result as { id: number; version: number; name: string };
            if (kind === 1 || !label) created.push(name);
            label = { id: saved.id, version: saved.version, name: saved.name };
          }
        } catch (error) {
          failures.push(String(error));
        }
      }
    };
    // A background job in hand when the SIGTERM comes: a bulk job on one customer whose row the test holds, so
    // the instance the job library handed it to is busy with it (its connection waits for the lock).
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    const customer = (await db.query<{ id: number }>('SELECT id FROM customer ORDER BY id DESC LIMIT 1'))
      .rows[0]!.id;
    const label = (
      await db.query<{ id: number }>(
        `INSERT INTO label (name, for_customer, active) VALUES ('Abschiedsjob', true, true) RETURNING id`,
      )
    ).rows[0]!.id;
    await db.query('BEGIN');
    await db.query('SELECT id FROM customer WHERE id = $1 FOR UPDATE', [customer]);
    const started = await client.call('POST', `${topology.publicUrl}/api/bulkAction/start`, auth(), {
      target: 'kunden',
      action: { kind: 'labelHinzu', labelId: label },
      selection: { rows: [{ id: customer }] },
    });
    expect(started.status, started.text).toBe(200);
    const bulkJob = (json(started.text).result as { id: number }).id;
    // The job is in hand once a connection that this test's row lock blocks holds the job's item of the bulk job
    // (only the job's own transaction locks it).
    const blocked = async () =>
      (
        await db.query(
          `SELECT 1 FROM pg_stat_activity a
           WHERE pg_backend_pid() = ANY(pg_blocking_pids(a.pid))
             AND EXISTS (SELECT 1 FROM pg_locks l
               WHERE l.pid = a.pid AND l.relation = 'bulk_job_item'::regclass AND l.mode = 'RowShareLock')`,
        )
      ).rowCount! > 0;
    expect(await eventually(blocked, 15_000)).toBe(true);
    // Which instance runs it, each says in /metrics. Not the blocked connection's application_name: behind
    // PgBouncer in transaction mode it once named the instance without the job (whose drain found none in hand).
    const running = await Promise.all(
      topology.instances.map(async (instance) => {
        const text = await (
          await fetch(`${instance.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
        ).text();
        return /^fenster_jobs_running\{job="bulkActions\.items"\} 1$/m.test(text);
      }),
    );
    expect(running.filter(Boolean), JSON.stringify(running)).toHaveLength(1);
    const leaving = topology.instances[running.indexOf(true)]!;

    const workers = Array.from({ length: 6 }, (_, lane) => worker(lane));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The instance the job went to may be the one an earlier test killed (restarted once since).
    const restartsBefore = leaving.restarts;
    const exitCode = leaving.stop();
    // While it drains it tells load balancers to stop sending, and refuses what nginx may send elsewhere.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await fetch(`${leaving.url}/api/health/ready`)).status).toBe(503);
    const read = await fetch(`${leaving.url}/api/label/getLabels`, { headers: auth() });
    expect(read.status).toBe(503);
    expect(read.headers.get('connection')).toBe('close');
    // Its listener is closed by now (SHUTDOWN_DELAY_MS), yet it does not exit with the job in hand ...
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // Gone too early: its warnings, its drain's lines and its last lines say what its drain and job did (the log is
    // removed with the run's folder).
    const leftEarly =
      leaving.process!.exitCode === null
        ? ''
        : (
            await readFile(
              path.join(dir, 'logs', `app-${topology.instances.indexOf(leaving) + 1}.log`),
              'utf8',
            )
          )
            .split('\n')
            .filter(
              (line, index, lines) =>
                index >= lines.length - 15 || /"level":[456]0|Herunterfahren|Aufgabe/.test(line),
            )
            .join('\n');
    expect(leaving.process!.exitCode, leftEarly).toBeNull();
    // ... until the job is done: then it exits, and the job was done there, once (no try elsewhere).
    await db.query('COMMIT');
    expect(await exitCode).toBe(0);
    const chunk = await db.query<{ state: string; retries: number }>(
      `SELECT state::text, retry_count AS retries FROM pgboss.job
       WHERE name = 'bulkActions.items' AND (data->>'bulkJobId')::int = $1`,
      [bulkJob],
    );
    expect(chunk.rows).toEqual([{ state: 'completed', retries: 0 }]);
    const done = await db.query<{ state: string; records: number }>(
      `SELECT state, (SELECT count(*)::int FROM change_record WHERE bulk_job_id = $1) AS records
       FROM bulk_job WHERE id = $1`,
      [bulkJob],
    );
    expect(done.rows[0]).toEqual({ state: 'fertig', records: 1 });
    await db.end();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    stop = true;
    await Promise.all(workers);
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    // A stop that was asked for is no crash: the instance stays down.
    expect(leaving.restarts).toBe(restartsBefore);
    expect(leaving.process!.exitCode).toBe(0);
    // Every acknowledged create is there once: nginx repeated a refused one on the other instance, never twice.
    const check = new pg.Client({ connectionString: topology.database.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ name: string; n: string }>(
        `SELECT name, count(*) AS n FROM label WHERE name LIKE 'Abschied %' GROUP BY name`,
      );
      const stored = Object.fromEntries(rows.map((row) => [row.name, Number(row.n)]));
      for (const name of created) expect(stored[name], name).toBe(1);
    } finally {
      await check.end();
    }
  }, 90_000);

  it('logged the whole run by request id and caller, without tokens or customer data', async () => {
    const logs = await Promise.all(
      topology.instances.map((_, i) => readFile(path.join(dir, 'logs', `app-${i + 1}.log`), 'utf8')),
    );
    const text = logs.join('\n');
    // nginx's request id (32 hex digits) and the signed-in caller's object id.
    expect(text).toMatch(/"reqId":"[0-9a-f]{32}"/);
    expect(text).toMatch(/"oid":"[^"]+"/);
    const db = new pg.Client({ connectionString: topology.database.url });
    await db.connect();
    const { rows } = await db.query<{ email: string }>(
      `SELECT email FROM customer WHERE email IS NOT NULL AND email <> ''`,
    );
    await db.end();
    expect(rows.length).toBeGreaterThan(0);
    const secrets = [admin.split('.')[2]!, METRICS_TOKEN, ...rows.map((row) => row.email)];
    for (const secret of secrets) expect(text.includes(secret), secret).toBe(false);
  });
});
