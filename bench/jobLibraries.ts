// Usage: `npm install --no-save graphile-worker@0.18.0 && npx tsx bench/jobLibraries.ts [--records 10000]
// [--cron-minutes 3] [--port 5581]` — pg-boss against graphile-worker for our job shapes, on this machine.
// graphile-worker is no dependency of the project (pg-boss won: server/platform/jobs/README.md), so the
// bench asks for it to be installed beside it for the run.
// On a fresh embedded PostgreSQL of its own (a temporary folder), one database per library, each library's
// "instances" being two runners in this process with pools of their own (two sessions each, as two app processes
// would hold). A job's work is one UPDATE of its record in a pool of the instance (as a bulk item changes one row).
// 1. A bulk job: `--records` jobs queued in one call, worked off by both instances (1 and 5 at a time each):
//    queue time, time to the last, jobs/s, and every record changed exactly once (runs = 1, none missing).
// 2. Latency: 30 single jobs, each queued while both instances are idle: queued → handler started, p50/p95.
// 3. Retries and dead letters: a job that always fails, 3 tries: when each try ran, and where it ends up.
// 4. Periodic: both instances register the same every-minute schedule for `--cron-minutes`: runs per minute
//    (must be 1), and what the idle instances cost the database meanwhile (transactions/s, connections).
// 5. PgBouncer (Debian's `pgbouncer` when installed) in transaction mode in front: does the library work through
//    it (install, a 1,000-job bulk, latency), and what must stay on a direct connection.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { PgBoss } from 'pg-boss';
import { startEmbeddedPostgres } from '../server/platform/db/embeddedPostgres';

const { values: args } = parseArgs({
  options: {
    records: { type: 'string', default: '10000' },
    'cron-minutes': { type: 'string', default: '3' },
    port: { type: 'string', default: '5581' },
  },
});
const RECORDS = Number(args.records);
const CRON_MINUTES = Number(args['cron-minutes']);
const PORT = Number(args.port);

type GraphileWorker = typeof import('graphile-worker');
const graphile: GraphileWorker = await import('graphile-worker').catch(() => {
  throw new Error('graphile-worker fehlt: npm install --no-save graphile-worker@0.18.0');
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const ms = (value: number) => `${Math.round(value).toLocaleString('de-DE')} ms`;
const lines: string[] = [];
// A library that breaks through PgBouncer may throw outside any call of ours (a pool's or a worker's own
// promise): kept here, the part in hand stops with it instead of the whole bench.
let crash: Error | null = null;
const keep = (error: unknown) => {
  crash ??= error instanceof Error ? error : new Error(String(error));
};
process.on('uncaughtException', keep);
process.on('unhandledRejection', keep);
/** A pool whose idle clients' errors are the library's problem, not a crash of the bench. */
const poolOf = (connectionString: string, max: number) => {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', keep);
  return pool;
};
const say = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** What one job does: changes its record once, in the instance's own pool (the app's). */
async function touch(pool: pg.Pool, id: number, instance: string) {
  await pool.query('UPDATE bench_record SET runs = runs + 1, ran_by = $2 WHERE id = $1', [id, instance]);
}

/** One running instance of a library: its workers, and how to stop it (drained). */
interface Instance {
  stop: () => Promise<void>;
}

interface Workers {
  /** Bulk job handler concurrency per instance. */
  concurrency: number;
  onLatency?: (sentAt: number) => void;
  onFailing?: () => void;
  onTick?: (instance: string) => Promise<void>;
}

/** The operations the bench needs of a library, over one database (direct or through PgBouncer). */
interface Library {
  name: string;
  install: () => Promise<void>;
  queueBulk: (ids: number[]) => Promise<void>;
  start: (instance: string, workers: Workers) => Promise<Instance>;
  queueLatency: (sentAt: number) => Promise<void>;
  queueFailing: () => Promise<void>;
  /** Where the failed job ended: a line for the report, once it is there. */
  deadLetter: () => Promise<string | null>;
  close: () => Promise<void>;
}

function pgBoss(url: string, options: { listen: boolean }): Library {
  const base = { connectionString: url, max: 4, useListenNotify: options.listen };
  const admin = new PgBoss({ ...base, supervise: false, schedule: false });
  admin.on('error', (error: Error) => console.error('pg-boss', error.message));
  const started: PgBoss[] = [];
  return {
    name: `pg-boss${options.listen ? ' (LISTEN/NOTIFY)' : ''}`,
    install: async () => {
      await admin.start();
      for (const name of ['bulk', 'tick', 'failing-dlq']) await admin.createQueue(name);
      await admin.createQueue('latency', { notify: true });
      await admin.createQueue('failing', {
        retryLimit: 2,
        retryDelay: 1,
        retryBackoff: true,
        deadLetter: 'failing-dlq',
      });
    },
    queueBulk: async (ids) => {
      await admin.insert(
        'bulk',
        ids.map((id) => ({ data: { id } })),
      );
    },
    start: async (instance, workers) => {
      const boss = new PgBoss({ ...base, cronMonitorIntervalSeconds: 30 });
      boss.on('error', (error: Error) => console.error('pg-boss', instance, error.message));
      await boss.start();
      started.push(boss);
      const pool = poolOf(url, workers.concurrency + 1);
      await boss.work<{ id: number }>(
        'bulk',
        {
          batchSize: 20,
          burstWhenBatchFull: true,
          localConcurrency: workers.concurrency,
          pollingIntervalSeconds: 0.5,
        },
        async (jobs) => {
          for (const job of jobs) await touch(pool, job.data.id, instance);
        },
      );
      await boss.work<{ sentAt: number }>('latency', { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        workers.onLatency?.(job!.data.sentAt);
      });
      await boss.work('failing', { pollingIntervalSeconds: 0.5 }, async () => {
        workers.onFailing?.();
        throw new Error('Der Mailserver ist nicht erreichbar.');
      });
      if (workers.onTick) {
        await boss.schedule('tick', '* * * * *');
        await boss.work('tick', { pollingIntervalSeconds: 2 }, () => workers.onTick!(instance));
      }
      return {
        stop: async () => {
          await boss.stop({ graceful: true, timeout: 30_000 });
          await pool.end();
        },
      };
    },
    queueLatency: async (sentAt) => {
      await admin.send('latency', { sentAt });
    },
    queueFailing: async () => {
      await admin.send('failing', {});
    },
    deadLetter: async () => {
      const [dead] = await admin.findJobs('failing-dlq');
      if (!dead) return null;
      const [failed] = await admin.findJobs('failing', { id: dead.sourceId ?? undefined });
      return `im Dead-Letter-Queue \`failing-dlq\` (Quelle ${failed?.state ?? '?'}, ${dead.sourceRetryCount} Wiederholungen, Grund: ${JSON.stringify((failed?.output as { message?: string })?.message ?? '')})`;
    },
    close: async () => {
      await admin.stop({ graceful: false });
      for (const boss of started) await boss.stop({ graceful: false }).catch(() => undefined);
    },
  };
}

function graphileWorker(url: string, options: { preparedStatements: boolean }): Library {
  const { makeWorkerUtils, run, parseCronItems, Logger } = graphile;
  const quiet = new Logger(() => () => undefined);
  const adminPool = poolOf(url, 2);
  const shared = { logger: quiet, noPreparedStatements: !options.preparedStatements };
  let utils: Awaited<ReturnType<typeof makeWorkerUtils>> | undefined;
  const running = new Set<() => Promise<void>>();
  return {
    name: `graphile-worker${options.preparedStatements ? '' : ' (noPreparedStatements)'}`,
    install: async () => {
      utils = await makeWorkerUtils({ pgPool: adminPool, ...shared });
      await utils.migrate();
    },
    queueBulk: async (ids) => {
      await utils!.addJobs(ids.map((id) => ({ identifier: 'bulk', payload: { id } })));
    },
    start: async (instance, workers) => {
      const pool = poolOf(url, workers.concurrency + 1);
      const workerPool = poolOf(url, workers.concurrency + 2);
      const runner = await run({
        ...shared,
        pgPool: workerPool,
        concurrency: workers.concurrency,
        noHandleSignals: true,
        taskList: {
          bulk: async (payload: unknown) => touch(pool, (payload as { id: number }).id, instance),
          latency: async (payload: unknown) => workers.onLatency?.((payload as { sentAt: number }).sentAt),
          failing: async () => {
            workers.onFailing?.();
            throw new Error('Der Mailserver ist nicht erreichbar.');
          },
          tick: async () => workers.onTick?.(instance),
        },
        parsedCronItems: workers.onTick
          ? parseCronItems([{ task: 'tick', match: '* * * * *', identifier: 'tick' }])
          : [],
      });
      const stop = async () => {
        running.delete(stop);
        await runner.stop();
        await workerPool.end();
        await pool.end();
      };
      running.add(stop);
      return { stop };
    },
    queueLatency: async (sentAt) => {
      await utils!.addJob('latency', { sentAt });
    },
    queueFailing: async () => {
      await utils!.addJob('failing', {}, { maxAttempts: 3 });
    },
    deadLetter: async () => {
      const { rows } = await adminPool.query<{ attempts: number; max_attempts: number; last_error: string }>(
        `SELECT attempts, max_attempts, last_error FROM graphile_worker.jobs
         WHERE task_identifier = 'failing' AND attempts >= max_attempts AND locked_at IS NULL`,
      );
      const job = rows[0];
      return job
        ? `in \`graphile_worker.jobs\` mit attempts = max_attempts = ${job.attempts} (bleibt dort, bis es gelöscht wird; Grund: ${JSON.stringify(job.last_error.split('\n')[0])})`
        : null;
    },
    close: async () => {
      // After a failure some instances still run: each gets 5 s to stop.
      for (const stop of [...running]) await Promise.race([stop().catch(() => undefined), pause(5000)]);
      await utils?.release();
      await adminPool.end();
    },
  };
}

async function freshDatabase(admin: pg.Pool, name: string) {
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
}

async function prepareRecords(url: string, count: number) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(`DROP TABLE IF EXISTS bench_record; DROP TABLE IF EXISTS bench_tick;
    CREATE TABLE bench_record (id int PRIMARY KEY, runs int NOT NULL DEFAULT 0, ran_by text);
    CREATE TABLE bench_tick (instance text NOT NULL, at timestamptz NOT NULL DEFAULT now());
    INSERT INTO bench_record (id) SELECT generate_series(1, ${count});`);
  await db.end();
}

async function recordCheck(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const { rows } = await db.query<{
    once: string;
    twice: string;
    missing: string;
    by: Record<string, number>;
  }>(
    `SELECT count(*) FILTER (WHERE runs = 1) AS once, count(*) FILTER (WHERE runs > 1) AS twice,
       count(*) FILTER (WHERE runs = 0) AS missing,
       (SELECT jsonb_object_agg(ran_by, n) FROM (SELECT ran_by, count(*) n FROM bench_record
        WHERE ran_by IS NOT NULL GROUP BY ran_by) x) AS by
     FROM bench_record`,
  );
  await db.query('UPDATE bench_record SET runs = 0, ran_by = NULL');
  await db.end();
  return rows[0]!;
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (crash) throw crash;
    if (Date.now() > deadline) throw new Error(`Zeitüberschreitung: ${what}`);
    await pause(20);
  }
}

/** Parts 1–3 (and 5 on a smaller scale) for one library on one database. */
async function measure(library: Library, url: string, records: number, note: string) {
  const installStart = performance.now();
  await library.install();
  say(`\n### ${library.name}${note}\n\nSchema angelegt in ${ms(performance.now() - installStart)}.`);
  await prepareRecords(url, records);
  const ids = Array.from({ length: records }, (_, i) => i + 1);
  for (const concurrency of records > 0 ? [1, 5] : []) {
    const queueStart = performance.now();
    await library.queueBulk(ids);
    const queued = performance.now() - queueStart;
    const workStart = performance.now();
    const instances = await Promise.all(['A', 'B'].map((name) => library.start(name, { concurrency })));
    const probe = new pg.Client({ connectionString: url });
    await probe.connect();
    await waitFor(
      async () =>
        Number((await probe.query('SELECT count(*) AS n FROM bench_record WHERE runs > 0')).rows[0].n) >=
        records,
      30 * 60_000,
      'Sammeljob',
    );
    const took = performance.now() - workStart;
    await probe.end();
    await Promise.all(instances.map((instance) => instance.stop()));
    const check = await recordCheck(url);
    say(
      `- Sammeljob, ${records.toLocaleString('de-DE')} Jobs, je Instanz ${concurrency} gleichzeitig: eingereiht in ${ms(queued)}, ` +
        `abgearbeitet in ${ms(took)} (${Math.round(records / (took / 1000))} Jobs/s); genau einmal: ${check.once}, ` +
        `doppelt: ${check.twice}, fehlend: ${check.missing}; je Instanz ${JSON.stringify(check.by)}`,
    );
  }

  const latencies: number[] = [];
  const instances = await Promise.all(
    ['A', 'B'].map((name) =>
      library.start(name, { concurrency: 1, onLatency: (sentAt) => latencies.push(Date.now() - sentAt) }),
    ),
  );
  await pause(1500);
  for (let i = 0; i < 30; i++) {
    const before = latencies.length;
    await library.queueLatency(Date.now());
    await waitFor(() => latencies.length > before, 60_000, 'Latenz');
    await pause(100 + Math.random() * 400);
  }
  say(
    `- Latenz eingereiht → gestartet (30 Jobs, Instanzen untätig): p50 ${ms(quantile(latencies, 0.5))}, p95 ${ms(quantile(latencies, 0.95))}`,
  );
  await Promise.all(instances.map((instance) => instance.stop()));
}

async function retries(library: Library) {
  const tries: number[] = [];
  const instances = await Promise.all(
    ['A', 'B'].map((name) =>
      library.start(name, { concurrency: 1, onFailing: () => tries.push(Date.now()) }),
    ),
  );
  await library.queueFailing();
  let where: string | null = null;
  await waitFor(async () => (where = await library.deadLetter()) !== null, 120_000, 'Dead Letter');
  await Promise.all(instances.map((instance) => instance.stop()));
  const gaps = tries.slice(1).map((at, i) => ((at - tries[i]!) / 1000).toFixed(1).replace('.', ',') + ' s');
  say(
    `- Fehlschlagender Job (3 Versuche): ${tries.length} Versuche, Abstände ${gaps.join(', ')}; danach ${where}`,
  );
}

async function periodic(entries: { library: Library; url: string; database: string }[], admin: pg.Pool) {
  const stats = async (database: string) =>
    (
      await admin.query<{ xacts: string; connections: string }>(
        `SELECT xact_commit + xact_rollback AS xacts,
           (SELECT count(*) FROM pg_stat_activity WHERE datname = $1) AS connections
         FROM pg_stat_database WHERE datname = $1`,
        [database],
      )
    ).rows[0]!;
  const running = await Promise.all(
    entries.map(async (entry) => {
      const tick = poolOf(entry.url, 2);
      const instances = await Promise.all(
        ['A', 'B'].map((name) =>
          entry.library.start(name, {
            concurrency: 1,
            onTick: async (instance) => {
              await tick.query('INSERT INTO bench_tick (instance) VALUES ($1)', [instance]);
            },
          }),
        ),
      );
      return { ...entry, tick, instances };
    }),
  );
  await pause(5000);
  const before = await Promise.all(entries.map((entry) => stats(entry.database)));
  const started = Date.now();
  await pause(CRON_MINUTES * 60_000 + 45_000);
  const seconds = (Date.now() - started) / 1000;
  for (const [i, entry] of running.entries()) {
    const after = await stats(entry.database);
    const { rows } = await entry.tick.query<{ minute: string; runs: string; instances: string }>(
      `SELECT date_trunc('minute', at) AS minute, count(*) AS runs, string_agg(instance, ',') AS instances
       FROM bench_tick GROUP BY 1 ORDER BY 1`,
    );
    say(
      `- ${entry.library.name}: jede Minute geplant auf beiden Instanzen, ${rows.length} Minuten: Läufe je Minute ` +
        `${rows.map((row) => `${row.runs} (${row.instances})`).join(', ')}; untätig: ` +
        `${((Number(after.xacts) - Number(before[i]!.xacts)) / seconds).toFixed(1).replace('.', ',')} Transaktionen/s, ` +
        `${after.connections} Verbindungen offen (zwei Instanzen, je Sammel-, Latenz-, Fehler- und Taktarbeiter)`,
    );
    await Promise.all(entry.instances.map((instance) => instance.stop()));
    await entry.tick.end();
  }
}

/** Debian's PgBouncer in transaction mode in front of the cluster, as issue-sized production would have it. */
async function startPgBouncer(dir: string, port: number, listenPort: number): Promise<ChildProcess | null> {
  const binary = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => existsSync(file));
  if (!binary) return null;
  const folder = path.join(dir, 'pgbouncer');
  execFileSync('mkdir', ['-p', folder]);
  await writeFile(path.join(folder, 'users.txt'), '"postgres" "postgres"\n');
  await writeFile(
    path.join(folder, 'pgbouncer.ini'),
    `[databases]\n* = host=127.0.0.1 port=${port}\n[pgbouncer]\nlisten_addr = 127.0.0.1\nlisten_port = ${listenPort}\n` +
      `auth_type = plain\nauth_file = ${folder}/users.txt\npool_mode = transaction\ndefault_pool_size = 6\n` +
      `max_client_conn = 200\nunix_socket_dir =\nlogfile = ${folder}/pgbouncer.log\nignore_startup_parameters = extra_float_digits,options\n`,
  );
  await chmod(dir, 0o755);
  execFileSync('chmod', ['-R', 'a+rwX', folder]);
  const asRoot = process.getuid?.() === 0;
  const child = spawn(binary, [...(asRoot ? ['-u', 'nobody'] : []), path.join(folder, 'pgbouncer.ini')], {
    stdio: 'ignore',
  });
  await pause(1000);
  return child;
}

const dir = await mkdtemp(path.join(tmpdir(), 'bench-job-libraries-'));
const embedded = await startEmbeddedPostgres(path.join(dir, 'postgres'), PORT);
const admin = new pg.Pool({ connectionString: embedded.url, max: 2 });
const urlOf = (database: string, port = PORT) => `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
const version = (name: string) =>
  (
    JSON.parse(readFileSync(path.resolve('node_modules', name, 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
let bouncer: ChildProcess | null = null;
try {
  say(
    `## Jobbibliotheken im Vergleich (${new Date().toISOString().slice(0, 10)}, Last vorher ${loadavg()[0]!.toFixed(1)}; ` +
      `pg-boss ${version('pg-boss')}, graphile-worker ${version('graphile-worker')})`,
  );
  const direct = [
    { database: 'bench_pgboss', make: (url: string) => pgBoss(url, { listen: false }) },
    { database: 'bench_pgboss_listen', make: (url: string) => pgBoss(url, { listen: true }) },
    { database: 'bench_graphile', make: (url: string) => graphileWorker(url, { preparedStatements: true }) },
  ];
  const libraries: { library: Library; url: string; database: string }[] = [];
  for (const entry of direct) {
    await freshDatabase(admin, entry.database);
    const url = urlOf(entry.database);
    const library = entry.make(url);
    libraries.push({ library, url, database: entry.database });
    await measure(
      library,
      url,
      entry.database === 'bench_pgboss_listen' ? 0 : RECORDS,
      ', direkte Verbindung',
    );
    await retries(library);
  }
  say(`\n### Wiederkehrend auf zwei Instanzen (${CRON_MINUTES} Minuten, beide Bibliotheken zugleich)\n`);
  await periodic([libraries[0]!, libraries[2]!], admin);
  for (const { library } of libraries) await library.close();

  bouncer = await startPgBouncer(dir, PORT, PORT + 1);
  if (!bouncer) say('\nPgBouncer ist nicht installiert (apt-get install pgbouncer): Teil 5 entfällt.');
  else {
    say('\n### Durch PgBouncer im Transaktionsmodus (1.000 Jobs)');
    const through = [
      { database: 'bouncer_pgboss', make: (url: string) => pgBoss(url, { listen: false }) },
      {
        database: 'bouncer_graphile',
        make: (url: string) => graphileWorker(url, { preparedStatements: true }),
      },
      {
        database: 'bouncer_graphile_np',
        make: (url: string) => graphileWorker(url, { preparedStatements: false }),
      },
    ];
    for (const entry of through) {
      await freshDatabase(admin, entry.database);
      const url = urlOf(entry.database, PORT + 1);
      const library = entry.make(url);
      crash = null;
      try {
        await measure(library, url, 1000, ', durch PgBouncer');
      } catch (error) {
        say(`- ${library.name}: **scheitert**: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        await library.close().catch(() => undefined);
      }
    }
  }
  say(`\nLast nachher ${loadavg()[0]!.toFixed(1)}.`);
} finally {
  // Immediately: clients a broken library left connected would keep a graceful PgBouncer waiting.
  bouncer?.kill('SIGKILL');
  await admin.end();
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
console.log(`\n---\n${lines.join('\n')}`);
// A library that failed through PgBouncer leaves its timers behind; the figures are out.
process.exit(0);
