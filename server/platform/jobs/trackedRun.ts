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
  const runs = sql.table(table);
  await sql`UPDATE ${runs} SET state = 'fehler', finished_at = now(),
              error = 'Abgebrochen: Der Server, der diesen Lauf ausführte, wurde beendet.'
            WHERE state = 'laeuft' AND heartbeat_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`.execute(
    trx,
  );
  await sql`SAVEPOINT open_run`.execute(trx);
  try {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO ${runs} (state, started_by) VALUES ('laeuft', ${caller.name}) RETURNING id`.execute(trx);
    return rows[0]!.id;
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
  const runs = sql.table(table);
  const { rows } = await sql<{ id: number }>`
    UPDATE ${runs} SET processed = 0, heartbeat_at = now(), error = NULL
    WHERE id = ${runId} AND state = 'laeuft' RETURNING id`.execute(db);
  if (rows.length === 0) return;
  const report: ReportProgress = async (processed, total) => {
    await sql`UPDATE ${runs} SET processed = ${processed}, total = coalesce(${total ?? null}::int, total),
                heartbeat_at = now() WHERE id = ${runId}`.execute(db);
  };
  const heartbeat = setInterval(() => {
    sql`UPDATE ${runs} SET heartbeat_at = now() WHERE id = ${runId}`.execute(db).catch(() => undefined);
  }, HEARTBEAT_MS);
  try {
    await work(report);
    await sql`UPDATE ${runs} SET state = 'fertig', finished_at = now(), heartbeat_at = now()
              WHERE id = ${runId}`.execute(db);
  } catch (error) {
    if (lastTry) {
      const message = error instanceof Error ? error.message : String(error);
      await sql`UPDATE ${runs} SET state = 'fehler', finished_at = now(), error = ${message} WHERE id = ${runId}`
        .execute(db)
        .catch(() => undefined);
    }
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
