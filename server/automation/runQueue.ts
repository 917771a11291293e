import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { QueueWorker } from '../platform/jobs/queueWorker';

/**
 * How an automation run is claimed, retried and given up: the one file that knows the job mechanism. Today the
 * runs' own rows are the queue (claimed one at a time with FOR UPDATE SKIP LOCKED by whichever instance gets
 * there, on the platform's QueueWorker); moving onto the job library changes this file only.
 */

/** A run in the hands of this instance: its claim token guards every write of its steps. */
export interface ClaimedRun {
  id: number;
  automationId: number;
  versionId: number;
  vorgangId: number | null;
  customerId: number | null;
  occurrence: string;
  step: number;
  attempts: number;
  claimToken: string;
}

/** Tries of a run before it is given up as failed, and the waits between them (backoff). */
export const MAX_ATTEMPTS = 4;
export const RETRY_AFTER_SECONDS = [30, 300, 1800] as const;
/** A run "läuft" longer than this belongs to an instance that died: the sweep gives it back. */
export const STUCK_AFTER_SECONDS = 300;

/** What the queue asks of the engine: work one claimed run; answer whether the rate cap lets it start. */
export interface RunHandlers {
  /** Runs the claimed run to its end (or schedules its retry, or gives it up). */
  work: (run: ClaimedRun) => Promise<void>;
  /**
   * Called in the claim's transaction before a run starts: false pauses the automation (the rate cap), and the
   * run waits for it to be activated again.
   */
  mayStart: (trx: Database, automationId: number) => Promise<boolean>;
}

/**
 * Claims the next due run of an active automation, once across all instances: locked with SKIP LOCKED, marked
 * "läuft" with a fresh claim token in the same statement's transaction. Null when nothing is due; "paused" when
 * the rate cap stopped its automation instead.
 */
export async function claimRun(db: Database, mayStart: RunHandlers['mayStart']): Promise<ClaimedRun | 'paused' | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: number; automationId: number; started: boolean }>`
      SELECT r.id, r.automation_id AS "automationId", r.started_at IS NOT NULL AS started
      FROM automation_run r
      WHERE r.state = 'wartend' AND r.due_at <= now()
        AND EXISTS (SELECT 1 FROM automation a WHERE a.id = r.automation_id AND a.state = 'aktiv')
      ORDER BY r.due_at, r.id
      LIMIT 1 FOR UPDATE OF r SKIP LOCKED`.execute(trx);
    const next = rows[0];
    if (!next) return null;
    // Only a run's first start counts against the cap (its retries do not).
    if (!next.started && !(await mayStart(trx, next.automationId))) return 'paused';
    const { rows: claimed } = await sql<ClaimedRun>`
      UPDATE automation_run SET state = 'laeuft', claim_token = gen_random_uuid(), claimed_at = now(),
        attempts = attempts + 1, started_at = coalesce(started_at, now())
      WHERE id = ${next.id}
      RETURNING id, automation_id AS "automationId", version_id AS "versionId", vorgang_id AS "vorgangId",
        customer_id AS "customerId", occurrence, step, attempts, claim_token AS "claimToken"`.execute(trx);
    return claimed[0]!;
  });
}

/**
 * After a failed try: the run waits for its next try (from the step that failed, after the backoff), or after
 * MAX_ATTEMPTS it is given up as failed. Answers the state it is left in; null when the claim was lost.
 */
export async function retryOrFail(
  db: Database,
  run: ClaimedRun,
  message: string,
): Promise<'wartend' | 'fehler' | null> {
  const giveUp = run.attempts >= MAX_ATTEMPTS;
  const wait = RETRY_AFTER_SECONDS[Math.min(run.attempts - 1, RETRY_AFTER_SECONDS.length - 1)]!;
  const { rows } = await sql<{ state: 'wartend' | 'fehler' }>`
    UPDATE automation_run SET claim_token = NULL, error = ${message},
      state = ${giveUp ? 'fehler' : 'wartend'},
      due_at = CASE WHEN ${giveUp} THEN due_at ELSE now() + make_interval(secs => ${wait}) END,
      finished_at = CASE WHEN ${giveUp} THEN now() END
    WHERE id = ${run.id} AND claim_token = ${run.claimToken}::uuid
    RETURNING state`.execute(db);
  return rows[0]?.state ?? null;
}

/** Ends the run (done, or skipped with the reason); false when the claim was lost meanwhile. */
export async function finishRun(
  db: Database,
  run: ClaimedRun,
  state: 'fertig' | 'uebersprungen',
  reason: string | null = null,
): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE automation_run SET state = ${state}, error = ${reason}, claim_token = NULL, finished_at = now()
    WHERE id = ${run.id} AND claim_token = ${run.claimToken}::uuid
    RETURNING id`.execute(db);
  return rows.length > 0;
}

/**
 * Moves the claimed run's next step on, in the step's transaction (so the step's writes and its place in the
 * run commit together); false when the claim was lost (another instance took the run back from the sweep).
 */
export async function advanceStep(trx: Database, run: ClaimedRun, step: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE automation_run SET step = ${step + 1}
    WHERE id = ${run.id} AND claim_token = ${run.claimToken}::uuid AND state = 'laeuft' AND step = ${step}
    RETURNING id`.execute(trx);
  return rows.length > 0;
}

/**
 * The sweep for runs stuck in "läuft" (their instance died mid-run): each goes back to waiting, due at once, on
 * its step, and counts as a try; one that used up its tries is failed. Answers how many it moved.
 */
export async function releaseStuckRuns(db: Database, olderThanSeconds = STUCK_AFTER_SECONDS): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    UPDATE automation_run SET claim_token = NULL,
      state = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN 'fehler' ELSE 'wartend' END,
      error = 'Der Server, der diesen Lauf ausführte, hat ihn nicht beendet.',
      finished_at = CASE WHEN attempts >= ${MAX_ATTEMPTS} THEN now() END,
      due_at = now()
    WHERE state = 'laeuft' AND claimed_at < now() - make_interval(secs => ${olderThanSeconds})
    RETURNING id`.execute(db);
  return rows.length;
}

/** How often an idle instance looks for due runs, and how many of its workers take runs side by side. */
const POLL_MS = 1_000;
const BATCH = 50;

class RunWorker extends QueueWorker {
  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
    private readonly handlers: RunHandlers,
  ) {
    super(log, { pollMs: POLL_MS, batch: BATCH, failureMessage: 'Automatisierung: Läufe nicht abgearbeitet' });
  }

  protected async takeOne(): Promise<boolean> {
    const run = await claimRun(this.db, this.handlers.mayStart);
    if (run === null) return false;
    if (run !== 'paused') await this.handlers.work(run);
    return true;
  }
}

/** This instance's workers over the runs: started with the server, kicked when runs were just made. */
export class RunQueue {
  private readonly workers: RunWorker[];

  constructor(db: Database, log: FastifyBaseLogger, handlers: RunHandlers, concurrency = 4) {
    this.workers = Array.from({ length: concurrency }, () => new RunWorker(db, log, handlers));
  }

  start(): void {
    for (const worker of this.workers) worker.start();
  }

  /** Runs were just made (or became due): look now. */
  kick(): void {
    for (const worker of this.workers) worker.kick();
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }
}
