import { sql } from 'kysely';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';
import { conflict } from '../http/apiError';

/**
 * Tables that show a long job's runs on its screen (progress, counts, error): one row per run, at most one in
 * state 'laeuft' (a partial unique index), so a second start anywhere is a German 409 at once. The job itself
 * runs on the job library, which hands it to one instance and tries it again elsewhere when that one dies.
 */
export type RunTable = 'article_mapping_cache_job' | 'etl_sync_run';

/** What a running job reports: how far it is (and the total when known). */
export type ReportProgress = (processed: number, total?: number) => Promise<void>;

// A run whose heart has not beaten for this long belongs to a job the library gave up on (its instance died on
// the last try): a new start marks it failed instead of refusing.
const ABANDONED_AFTER_SECONDS = 120;
const HEARTBEAT_MS = 10_000;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/** Opens a run row in `trx` (the transaction that queues its job); a run still going is `alreadyRunning` (409). */
export async function openRun(
  trx: Database,
  table: RunTable,
  caller: Caller,
  alreadyRunning: string,
): Promise<number> {
  await trx
    .updateTable(table)
    .set((eb) => ({
      state: 'fehler',
      finished_at: eb.fn<Date>('now'),
      error: 'Abgebrochen: Der Server, der diesen Lauf ausführte, wurde beendet.',
    }))
    .where('state', '=', 'laeuft')
    .where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`)
    .execute();
  await sql`SAVEPOINT open_run`.execute(trx);
  try {
    const run = await trx
      .insertInto(table)
      .values({ state: 'laeuft', started_by: caller.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return run.id;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await sql`ROLLBACK TO SAVEPOINT open_run`.execute(trx);
    throw conflict(alreadyRunning);
  }
}

/**
 * The handler of a run's job: does `work` with progress and a heartbeat on the row, then marks it 'fertig'. A
 * failure is kept on the row on the last try (the library then keeps the job as failed); a try after a crash
 * starts the work anew. A run no longer 'laeuft' (given up and replaced meanwhile) is not worked.
 */
export async function workOnRun(
  db: Database,
  table: RunTable,
  runId: number,
  lastTry: boolean,
  work: (report: ReportProgress) => Promise<void>,
): Promise<void> {
  const run = () => db.updateTable(table).where('id', '=', runId);
  const started = await run()
    .set((eb) => ({ processed: 0, heartbeat_at: eb.fn<Date>('now'), error: null }))
    .where('state', '=', 'laeuft')
    .executeTakeFirst();
  if (!started.numUpdatedRows) return;
  const report: ReportProgress = async (processed, total) => {
    await run()
      .set((eb) => ({
        processed,
        ...(total === undefined ? {} : { total }),
        heartbeat_at: eb.fn<Date>('now'),
      }))
      .execute();
  };
  const heartbeat = setInterval(() => {
    run()
      .set((eb) => ({ heartbeat_at: eb.fn<Date>('now') }))
      .execute()
      .catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    await work(report);
    await run()
      .set((eb) => ({ state: 'fertig', finished_at: eb.fn<Date>('now'), heartbeat_at: eb.fn<Date>('now') }))
      .execute();
  } catch (error) {
    if (lastTry) {
      const message = error instanceof Error ? error.message : String(error);
      await run()
        .set((eb) => ({ state: 'fehler', finished_at: eb.fn<Date>('now'), error: message }))
        .execute()
        .catch(() => undefined);
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
