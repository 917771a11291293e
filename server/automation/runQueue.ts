import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { defineJob } from '../platform/jobs/defineJob';
import type { JobQueue } from '../platform/jobs/jobQueue';

/**
 * How an automation run is handed to an instance: each run is one job of the job library (`automation.run`,
 * its id kept in the run's `job_id`). The library claims it for one instance, repeats a failed try with
 * backoff and keeps the last failure for Admin → Hintergrundaufgaben; the run's row only says which job may
 * work it and where it stands (its step, so a retry goes on from the step that failed).
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

/** Retries after a run's first try (the library waits 30 s, then doubles). */
export const RUN_RETRIES = 3;

/** What the engine does with a run the library handed over (engine.ts). */
export type RunWorker = (runId: number, context: { jobId: string; lastTry: boolean }) => Promise<unknown>;

/** The engine of each instance, found by the library's handler through the instance's database handle. */
const workers = new WeakMap<Database, RunWorker>();

/** Lets `worker` run the automation runs the library hands to the instance of `db`. */
export function setRunWorker(db: Database, worker: RunWorker): void {
  workers.set(db, worker);
}

/** One automation run: its steps from the one it stands on (a throw is a failed try, retried by the library). */
export const runJob = defineJob<{ runId: number }>({
  name: 'automation.run',
  label: 'Automatisierung: Lauf ausführen',
  describe: ({ runId }) => `Lauf Nr. ${runId}`,
  retryLimit: RUN_RETRIES,
  retryDelaySeconds: 30,
  concurrency: 4,
  run: async ({ runId }, { app, jobId, lastTry }) => {
    const worker = workers.get(app.db);
    if (!worker) throw new Error('Die Automatisierung läuft auf dieser Instanz nicht.');
    return worker(runId, { jobId, lastTry });
  },
  // "Erneut versuchen" in Admin → Hintergrundaufgaben: the failed run waits again, on its failed step.
  beforeRetry: async ({ runId }, { db }) => {
    const { rows } = await sql<{ id: number }>`
      UPDATE automation_run SET state = 'wartend', finished_at = NULL WHERE id = ${runId} AND state = 'fehler'
      RETURNING id`.execute(db);
    return rows.length > 0;
  },
});

/** Queues the jobs of runs just made (in their transaction), each due at its run's time. */
export async function queueRuns(
  trx: Database,
  jobs: JobQueue,
  runs: readonly { id: number; jobId: string; dueAt: Date }[],
): Promise<void> {
  const now = Date.now();
  await jobs.insertMany(
    runJob,
    runs.map((run) => ({
      data: { runId: Number(run.id) },
      id: run.jobId,
      ...(run.dueAt.getTime() > now ? { startAfter: run.dueAt } : {}),
    })),
    trx,
  );
}

/**
 * Gives the waiting runs of a just activated automation that a pause left without a job (their job found it
 * paused and ended) a new job each; answers how many.
 */
export async function requeueParkedRuns(
  trx: Database,
  jobs: JobQueue,
  automationId: number,
): Promise<number> {
  const { rows } = await sql<{ id: number; jobId: string; dueAt: Date }>`
    UPDATE automation_run SET job_id = gen_random_uuid()
    WHERE automation_id = ${automationId} AND state = 'wartend' AND job_id IS NULL
    RETURNING id, job_id AS "jobId", due_at AS "dueAt"`.execute(trx);
  await queueRuns(trx, jobs, rows);
  return rows.length;
}

/**
 * Takes the run the job `jobId` stands for: only that job may work it (a run has one job at a time), and only
 * while it waits or its previous holder died mid-run (the library hands the job over again). A run of a
 * paused automation is parked instead (no job; activating it queues a new one), as is the run the rate cap
 * stops (`mayStart` pauses its automation). Null: nothing to do.
 */
export async function claimRun(
  db: Database,
  runId: number,
  jobId: string,
  mayStart: (trx: Database, automationId: number) => Promise<boolean>,
): Promise<ClaimedRun | null> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ automationId: number; started: boolean; active: boolean }>`
      SELECT r.automation_id AS "automationId", r.started_at IS NOT NULL AS started, a.state = 'aktiv' AS active
      FROM automation_run r JOIN automation a ON a.id = r.automation_id
      WHERE r.id = ${runId} AND r.job_id = ${jobId}::uuid AND r.state IN ('wartend', 'laeuft')
      FOR UPDATE OF r`.execute(trx);
    const run = rows[0];
    if (!run) return null;
    // Only a run's first start counts against the cap (its retries do not).
    const mayGo = run.active && (run.started || (await mayStart(trx, run.automationId)));
    if (!mayGo) {
      await sql`UPDATE automation_run SET job_id = NULL, state = 'wartend', claim_token = NULL
        WHERE id = ${runId}`.execute(trx);
      return null;
    }
    const { rows: claimed } = await sql<ClaimedRun>`
      UPDATE automation_run SET state = 'laeuft', claim_token = gen_random_uuid(), claimed_at = now(),
        attempts = attempts + 1, started_at = coalesce(started_at, now())
      WHERE id = ${runId}
      RETURNING id::int, automation_id AS "automationId", version_id AS "versionId", vorgang_id AS "vorgangId",
        customer_id AS "customerId", occurrence, step, attempts, claim_token AS "claimToken"`.execute(trx);
    return claimed[0]!;
  });
}

/**
 * After a failed try: the run waits for the library's next try (from the step that failed), or on the last
 * try it is failed. Answers the state it is left in; null when the claim was lost.
 */
export async function retryOrFail(
  db: Database,
  run: ClaimedRun,
  message: string,
  lastTry: boolean,
): Promise<'wartend' | 'fehler' | null> {
  const { rows } = await sql<{ state: 'wartend' | 'fehler' }>`
    UPDATE automation_run SET claim_token = NULL, error = ${message},
      state = ${lastTry ? 'fehler' : 'wartend'},
      finished_at = CASE WHEN ${lastTry} THEN now() END
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
 * run commit together); false when the claim was lost (the library handed the job to another instance).
 */
export async function advanceStep(trx: Database, run: ClaimedRun, step: number): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    UPDATE automation_run SET step = ${step + 1}
    WHERE id = ${run.id} AND claim_token = ${run.claimToken}::uuid AND state = 'laeuft' AND step = ${step}
    RETURNING id`.execute(trx);
  return rows.length > 0;
}
