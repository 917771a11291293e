import type { FastifyInstance } from 'fastify';
import { fromKysely, PgBoss, type Job, type JobWithMetadata, type SendOptions } from 'pg-boss';
import { poolOf, type Database } from '../db/database';
import { measureJob, watchJobQueue } from '../metrics/metrics';
import type { JobKind } from './defineJob';
import { JOB_SCHEMA, jobDatabase } from './jobSchema';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kinds of any data live in one map
type AnyKind = JobKind<any>;

/** Failed jobs stay this long in Admin → Hintergrundaufgaben (and finished ones in the library's table). */
export const KEEP_FINISHED_DAYS = 14;
/** Thrown inside a retry's transaction to undo the job's claim when its kind has nothing left to try. */
const NOT_RETRIED = new Error('nicht erneut versucht');
/** A running job whose instance has not reported for this long is taken as abandoned and tried again. */
const HEARTBEAT_SECONDS = 30;

/** Options of one `send`: the transaction that queues it with its record, a later start, a key against doubles. */
export interface SendJobOptions {
  /** Queued in this transaction: committed with the records it is about, or not at all. */
  db?: Database;
  startAfter?: Date | number;
  /** At most one queued job with this key (policy `exclusive`/`singleton` queues). */
  singletonKey?: string;
  /** The job's id, when the record it is about keeps it (a UUID). */
  id?: string;
}

/**
 * The job library (pg-boss) of this instance: every job kind's queue, the workers that run them, the periodic
 * schedules. Jobs live in PostgreSQL (schema `pgboss`), so any instance may run any job; a job is claimed by one
 * instance (SELECT … FOR UPDATE SKIP LOCKED inside the library), a failed try is repeated with backoff, the last
 * failure stays as a failed job for the administration. Only polling (no LISTEN/NOTIFY): every statement passes
 * a pooler in transaction mode. The instance that queues a job wakes its own worker at once.
 */
export class JobQueue {
  readonly boss: PgBoss;
  private readonly kinds = new Map<string, AnyKind>();
  private readonly workerIds = new Map<string, string[]>();
  private started = false;
  private unwatch: (() => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly app: FastifyInstance,
    options: { cronMonitorSeconds: number },
  ) {
    this.boss = new PgBoss({
      db: jobDatabase(poolOf(db)),
      schema: JOB_SCHEMA,
      // Installed by the migrations (migrateToLatest), so a start only checks the version.
      migrate: true,
      // How often an instance looks for due periodic jobs; one job per period however many look.
      cronMonitorIntervalSeconds: options.cronMonitorSeconds,
    });
    this.boss.on('error', (error: Error) => app.log.error({ err: error }, 'Aufgabenbibliothek: Fehler'));
    this.boss.on('warning', (warning: { message: string }) =>
      app.log.warn({ warning: warning.message }, 'Aufgabenbibliothek: Warnung'),
    );
  }

  /** Adds a job kind; its queue and worker start with the instance (before it serves). */
  register<Data extends object>(kind: JobKind<Data>): void {
    if (this.started) throw new Error(`Aufgabe ${kind.name}: erst nach dem Start angemeldet.`);
    if (this.kinds.has(kind.name)) throw new Error(`Aufgabe ${kind.name} ist doppelt angemeldet.`);
    this.kinds.set(kind.name, kind as AnyKind);
  }

  /** The registered kinds, for the failed-jobs list (their German labels). */
  registered(): readonly AnyKind[] {
    return [...this.kinds.values()];
  }

  /** Starts the library: every kind's queue (created or updated), its worker and its schedule. */
  async start(): Promise<void> {
    this.started = true;
    await this.boss.start();
    for (const kind of this.kinds.values()) {
      const options = {
        retryLimit: kind.retryLimit ?? 2,
        retryDelay: kind.retryDelaySeconds ?? 30,
        retryBackoff: true,
        expireInSeconds: kind.expireInSeconds ?? 15 * 60,
        heartbeatSeconds: HEARTBEAT_SECONDS,
        deleteAfterSeconds: KEEP_FINISHED_DAYS * 24 * 60 * 60,
      };
      await this.boss.createQueue(kind.name, { ...options, policy: kind.policy ?? 'standard' });
      // A release may change a kind's rules; the policy of an existing queue stays.
      await this.boss.updateQueue(kind.name, options);
      // One worker per slot (each with its own id): the library wakes a worker by id, and only the first of a
      // `localConcurrency` group, so `wake` and `drainBacklog` reach every slot this way.
      const ids: string[] = [];
      for (let slot = 0; slot < (kind.concurrency ?? 1); slot += 1) {
        let workerId = '';
        workerId = await this.boss.work(
          kind.name,
          {
            includeMetadata: true,
            // A periodic job is due once in minutes: looking for it every 15 s is enough.
            pollingIntervalSeconds: kind.pollSeconds ?? (kind.schedule ? 15 : 2),
          },
          // includeMetadata: the jobs carry their retry counts (the typings lose the literal option here).
          async ([job]) => {
            try {
              return await this.run(kind, job as JobWithMetadata);
            } finally {
              // Woken while it works, the worker skips its wait after this job and looks again at once.
              if (kind.drainBacklog && workerId) this.boss.notifyWorker(workerId);
            }
          },
        );
        ids.push(workerId);
      }
      this.workerIds.set(kind.name, ids);
      if (kind.schedule) {
        await this.boss.schedule(kind.name, kind.schedule, {}, { tz: this.app.timeZone });
      }
    }
    this.unwatch = watchJobQueue(() => this.counts());
  }

  /** Queues one job (in `options.db`'s transaction when given); null when an `exclusive` queue refused it. */
  async send<Data extends object>(
    kind: JobKind<Data>,
    data: Data,
    options: SendJobOptions = {},
  ): Promise<string | null> {
    const sendOptions: SendOptions = {
      ...(options.db ? { db: fromKysely(options.db) } : {}),
      ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.id ? { id: options.id } : {}),
    };
    return this.boss.send(kind.name, data, sendOptions);
  }

  /** Queues many jobs of one kind in one statement (in `db`'s transaction when given). */
  async sendMany<Data extends object>(kind: JobKind<Data>, data: Data[], db?: Database): Promise<void> {
    if (data.length === 0) return;
    await this.boss.insert(
      kind.name,
      data.map((item) => ({ data: item })),
      db ? { db: fromKysely(db) } : {},
    );
  }

  /**
   * Queues many jobs of one kind in one statement, each with its own id (kept by the record it works) and start
   * (in `db`'s transaction when given).
   */
  async insertMany<Data extends object>(
    kind: JobKind<Data>,
    jobs: { data: Data; id: string; startAfter?: Date }[],
    db?: Database,
  ): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(kind.name, jobs, db ? { db: fromKysely(db) } : {});
  }

  /** Lets this instance's worker of `kind` look for jobs now (something was just committed). */
  wake(kind: AnyKind): void {
    for (const id of this.workerIds.get(kind.name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Stops taking jobs and waits (at most `timeoutMs`) for the jobs in hand to end, so none is left half done:
   * a job cut off would be tried again elsewhere once its heartbeat is missed.
   */
  async drain(timeoutMs: number): Promise<void> {
    this.unwatch?.();
    if (!this.started) return;
    // What a drain waited for, in the log: IT reads there why a stop took long or cut a job short.
    const inHand = this.boss
      .getWipData()
      .filter((worker) => worker.count > 0)
      .map((worker) => worker.name);
    const started = Date.now();
    this.app.log.info({ inHand, timeoutMs }, 'Herunterfahren: Aufgaben in Arbeit werden abgewartet');
    await this.boss.stop({ graceful: true, close: false, timeout: timeoutMs });
    this.app.log.info({ inHand, ms: Date.now() - started }, 'Herunterfahren: Aufgaben beendet');
  }

  /** A job's record in the library (tests, the failed-jobs list). */
  async find(kind: AnyKind, id: string): Promise<JobWithMetadata | null> {
    const [job] = await this.boss.findJobs<object>(kind.name, { id });
    return job ?? null;
  }

  /**
   * Gives a failed job one more try ("Erneut versuchen"), with its kind's `beforeRetry` in the same
   * transaction; false when it is not failed (any more) or its kind has nothing left to try.
   */
  async retry(name: string, id: string): Promise<boolean> {
    const kind = this.kinds.get(name);
    if (!kind) return false;
    const job = await this.find(kind, id);
    if (job?.state !== 'failed') return false;
    // The job is claimed first (its row changes from failed only once, under its lock): a second "Erneut
    // versuchen" at the same moment, or one while the first try runs, changes nothing, also not the record the
    // kind prepares. The other order left a Postausgang mail 'wartend' without a job that would send it.
    const retried = await this.db
      .transaction()
      .execute(async (trx) => {
        const result = await this.boss.retry(name, id, { db: fromKysely(trx) });
        // The typings leave CommandResponse empty; the library answers the count of jobs it changed.
        if (((result as { affected?: number }).affected ?? 0) === 0) return false;
        if (kind.beforeRetry && !(await kind.beforeRetry(job.data, { db: trx, jobId: id })))
          throw NOT_RETRIED;
        return true;
      })
      .catch((error: unknown) => {
        if (error === NOT_RETRIED) return false;
        throw error;
      });
    if (retried) this.wake(kind);
    return retried;
  }

  private async run(kind: AnyKind, job: JobWithMetadata): Promise<unknown> {
    const context = {
      app: this.app,
      jobId: job.id,
      retryCount: job.retryCount,
      lastTry: job.retryCount >= job.retryLimit,
      signal: (job as Job).signal,
    };
    return measureJob(kind.name, () => kind.run(job.data, context)).catch((error: unknown) => {
      this.app.log.warn(
        { err: error, job: kind.name, jobId: job.id, retryCount: job.retryCount },
        `Aufgabe fehlgeschlagen: ${kind.label}`,
      );
      throw error;
    });
  }

  private async counts() {
    const queues = await this.boss.getQueues([...this.kinds.keys()]);
    return queues.map((queue) => ({
      job: queue.name,
      ready: queue.readyCount,
      deferred: queue.deferredCount,
      active: queue.activeCount,
      failed: queue.failedCount,
    }));
  }
}
