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
  // A sync leaves thousands of short runs at once: the poll every 2 s would set their pace.
  drainBacklog: true,
  run: async ({ runId }, { app, jobId, lastTry }) => {
    const worker = workers.get(app.db);
    if (!worker) throw new Error('Die Automatisierung läuft auf dieser Instanz nicht.');
    return worker(runId, { jobId, lastTry });
  },
  // "Erneut versuchen" in Admin → Hintergrundaufgaben: the failed run waits again, on its failed step.
  beforeRetry: async ({ runId }, { db }) => {
    const reset = await db
      .updateTable('automation_run')
      .set({ state: 'wartend', finished_at: null })
      .where('id', '=', runId)
      .where('state', '=', 'fehler')
      .executeTakeFirst();
    return reset.numUpdatedRows > 0n;
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
  const rows = await trx
    .updateTable('automation_run')
    .set((eb) => ({ job_id: eb.fn<string>('gen_random_uuid') }))
    .where('automation_id', '=', automationId)
    .where('state', '=', 'wartend')
    .where('job_id', 'is', null)
    .returning(['id', 'job_id as jobId', 'due_at as dueAt'])
    .execute();
  await queueRuns(
    trx,
    jobs,
    rows.map((row) => ({ id: row.id, jobId: row.jobId!, dueAt: row.dueAt })),
  );
  return rows.length;
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
  const state = lastTry ? 'fehler' : 'wartend';
  const left = await db
    .updateTable('automation_run')
    .set((eb) => ({
      claim_token: null,
      error: message,
      state,
      finished_at: lastTry ? eb.fn<Date>('now') : null,
    }))
    .where('id', '=', run.id)
    .where('claim_token', '=', run.claimToken)
    .executeTakeFirst();
  return left.numUpdatedRows > 0n ? state : null;
}

/** Ends the run (done, or skipped with the reason); false when the claim was lost meanwhile. */
export async function finishRun(
  db: Database,
  run: ClaimedRun,
  state: 'fertig' | 'uebersprungen',
  reason: string | null = null,
): Promise<boolean> {
  const ended = await db
    .updateTable('automation_run')
    .set((eb) => ({ state, error: reason, claim_token: null, finished_at: eb.fn<Date>('now') }))
    .where('id', '=', run.id)
    .where('claim_token', '=', run.claimToken)
    .executeTakeFirst();
  return ended.numUpdatedRows > 0n;
}

/**
 * Moves the claimed run's next step on, in the step's transaction (so the step's writes and its place in the
 * run commit together); false when the claim was lost (the library handed the job to another instance).
 */
export async function advanceStep(trx: Database, run: ClaimedRun, step: number): Promise<boolean> {
  const moved = await trx
    .updateTable('automation_run')
    .set({ step: step + 1 })
    .where('id', '=', run.id)
    .where('claim_token', '=', run.claimToken)
    .where('state', '=', 'laeuft')
    .where('step', '=', step)
    .executeTakeFirst();
  return moved.numUpdatedRows > 0n;
}
