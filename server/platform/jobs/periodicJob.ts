import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../db/database';
import { jobRuns, measureJob } from '../metrics/metrics';

/** A small recurring chore (pruning old rows): its name for the log, its lock, how often, what it does. */
export interface PeriodicJob {
  name: string;
  /** A transaction-level advisory lock id of its own: while one instance runs it, the others skip their turn. */
  lockId: number;
  everyMs: number;
  /** Runs in a transaction holding the lock; answers how many rows it handled (for the log). */
  run: (trx: Database) => Promise<number>;
}

/** Runs the job once, unless another instance is running it right now; answers whether it ran. */
export async function runPeriodicJobOnce(db: Database, job: PeriodicJob): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(${job.lockId}) AS locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    return job.run(trx);
  });
}

/**
 * Starts the job on this instance: a first run a minute after start, then every `everyMs`. Each instance
 * keeps its own timer (they keep no state, README), the advisory lock makes one run at a time across all of
 * them, and the work itself must be harmless to repeat. Answers the stop for shutdown.
 */
export function schedulePeriodicJob(db: Database, log: FastifyBaseLogger, job: PeriodicJob): () => void {
  const tick = () => {
    measureJob(job.name, () => runPeriodicJobOnce(db, job))
      .then((handled) => {
        if (handled === null) jobRuns.inc({ job: job.name, result: 'uebersprungen' });
        if (handled) log.info({ job: job.name, handled }, 'Wiederkehrende Aufgabe erledigt');
      })
      .catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, 'Wiederkehrende Aufgabe fehlgeschlagen'),
      );
  };
  const first = setTimeout(tick, Math.min(60_000, job.everyMs));
  const timer = setInterval(tick, job.everyMs);
  // Neither timer keeps the process alive: a shutdown does not wait for the next prune.
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
