import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';
import { conflict } from '../http/apiError';
import { measureJob } from '../metrics/metrics';

/** Tables that record background jobs: one row per run, at most one with state 'laeuft' (unique index). */
export type JobTable = 'article_mapping_cache_job' | 'etl_sync_run';

/** What a running job reports: how far it is, and (for the sync) which file it reads. */
export type ReportProgress = (processed: number, total?: number) => Promise<void>;

// A job whose heart has not beaten for this long belongs to an instance that died (crash, deploy).
const ABANDONED_AFTER_SECONDS = 120;
const HEARTBEAT_MS = 10_000;

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';

/**
 * Runs long jobs in the background of this instance, at most one per table across all instances that
 * share the database: the job row is the lock (a partial unique index on state 'laeuft').
 */
export class BackgroundJobs {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Claims the table's job slot and starts `work`; a job already running anywhere is a German 409. */
  async start(
    table: JobTable,
    caller: Caller,
    alreadyRunning: string,
    work: (jobId: number, report: ReportProgress) => Promise<void>,
  ): Promise<number> {
    const jobs = sql.table(table);
    await sql`UPDATE ${jobs} SET state = 'fehler', finished_at = now(),
                error = 'Abgebrochen: Der Server, der diesen Lauf ausführte, wurde beendet.'
              WHERE state = 'laeuft' AND heartbeat_at < now() - make_interval(secs => ${ABANDONED_AFTER_SECONDS})`.execute(
      this.db,
    );
    let jobId: number;
    try {
      const inserted = await sql<{
        id: number;
      }>`INSERT INTO ${jobs} (state, started_by) VALUES ('laeuft', ${caller.name}) RETURNING id`.execute(
        this.db,
      );
      jobId = inserted.rows[0]!.id;
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(alreadyRunning);
      throw error;
    }
    const report: ReportProgress = async (processed, total) => {
      await sql`UPDATE ${jobs} SET processed = ${processed}, total = coalesce(${total ?? null}::int, total),
                  heartbeat_at = now() WHERE id = ${jobId}`.execute(this.db);
    };
    const heartbeat = setInterval(() => {
      sql`UPDATE ${jobs} SET heartbeat_at = now() WHERE id = ${jobId}`
        .execute(this.db)
        .catch((error: unknown) =>
          this.log.warn({ err: error }, 'Herzschlag des Hintergrundlaufs fehlgeschlagen'),
        );
    }, HEARTBEAT_MS);
    const run = (async () => {
      try {
        await measureJob(table, () => work(jobId, report));
        await sql`UPDATE ${jobs} SET state = 'fertig', finished_at = now(), heartbeat_at = now() WHERE id = ${jobId}`.execute(
          this.db,
        );
      } catch (error) {
        this.log.error({ err: error, table, jobId }, 'Hintergrundlauf fehlgeschlagen');
        const message = error instanceof Error ? error.message : String(error);
        await sql`UPDATE ${jobs} SET state = 'fehler', finished_at = now(), error = ${message} WHERE id = ${jobId}`
          .execute(this.db)
          .catch(() => undefined);
      } finally {
        clearInterval(heartbeat);
      }
    })();
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return jobId;
  }

  /** Waits for this instance's jobs to end (server shutdown, tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.running]);
  }
}
