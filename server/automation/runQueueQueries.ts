import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { ClaimedRun } from './runQueue';

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
  mayStart: (db: Database, automationId: number, runId: number) => Promise<boolean>,
): Promise<ClaimedRun | null> {
  // Only a run's first start counts against the cap (its retries do not). The cap is asked before the claim's
  // transaction, in statements of its own, so no start waits for another's transaction.
  const first = await db
    .selectFrom('automation_run')
    .select((eb) => ['automation_id as automationId', eb('started_at', 'is not', null).as('started')])
    .where('id', '=', runId)
    .where('job_id', '=', jobId)
    .where('state', 'in', ['wartend', 'laeuft'])
    .executeTakeFirst();
  if (!first) return null;
  const startsNow = !first.started;
  const capped = startsNow && !(await mayStart(db, first.automationId, runId));
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ started: boolean; active: boolean; pausedByCap: boolean }>`
      SELECT r.started_at IS NOT NULL AS started, a.state = 'aktiv' AS active,
        a.state = 'pausiert' AND a.paused_reason IS NOT NULL AS "pausedByCap"
      FROM automation_run r JOIN automation a ON a.id = r.automation_id
      WHERE r.id = ${runId} AND r.job_id = ${jobId}::uuid AND r.state IN ('wartend', 'laeuft')
      FOR UPDATE OF r`.execute(trx);
    const run = rows[0];
    if (!run) return null;
    // A first start the cap let go goes on when a start beside it passed the cap and paused the automation in
    // between (only the cap sets a reason; a person's pause clears it and parks the run).
    const passedCap = startsNow && !capped && run.pausedByCap;
    const mayGo = (run.active && (run.started || !capped)) || passedCap;
    if (!mayGo) {
      await trx
        .updateTable('automation_run')
        .set({ job_id: null, state: 'wartend', claim_token: null })
        .where('id', '=', runId)
        .execute();
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
