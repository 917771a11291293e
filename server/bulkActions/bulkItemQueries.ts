import { sql } from 'kysely';
import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

/** An open item of a bulk job with its job's action and starter, as one worker changes it. */
export interface OpenItem {
  jobId: number;
  recordId: number;
  seenVersion: number | null;
  target: BulkTarget;
  action: BulkAction;
  caller: Caller;
  /** A due label's key and the due date seen (Fällige Labels). */
  itemKey: string | null;
  seenDueDate: string | null;
  /** Set when the job undoes another one. */
  undoesJobId: number | null;
}

/** Locks an item of a job that is still open (another worker's item is skipped); undefined when it is not. */
export async function lockOpenItem(trx: Database, jobId: number, recordId: number) {
  const { rows } = await sql<OpenItem>`
    SELECT i.job_id AS "jobId", i.record_id AS "recordId", i.seen_version AS "seenVersion",
      j.target, j.action, j.caller, i.item_key AS "itemKey", i.seen_due_date::text AS "seenDueDate",
      j.undoes_job_id AS "undoesJobId"
    FROM bulk_job_item i JOIN bulk_job j ON j.id = i.job_id
    WHERE i.job_id = ${jobId} AND i.record_id = ${recordId} AND i.state = 'offen'
    FOR UPDATE OF i`.execute(trx);
  return rows[0];
}

/** Marks a running job finished once none of its items is open. */
export async function finishIfDone(db: Database, bulkJobId: number) {
  await sql`UPDATE bulk_job j SET state = 'fertig', finished_at = now()
    WHERE j.id = ${bulkJobId} AND j.state = 'laeuft'
      AND NOT EXISTS (SELECT 1 FROM bulk_job_item i WHERE i.job_id = j.id AND i.state = 'offen')`.execute(db);
}

/** The open items of a job cut into chunks of `size` records in the job's order (from, to: record ids). */
export async function openChunks(trx: Database, bulkJobId: number, size: number) {
  const { rows } = await sql<{ bulkJobId: number; from: number; to: number }>`
    SELECT ${bulkJobId}::int AS "bulkJobId", min(record_id) AS "from", max(record_id) AS "to"
    FROM (SELECT record_id, (row_number() OVER (ORDER BY record_id) - 1) / ${size} AS chunk
          FROM bulk_job_item WHERE job_id = ${bulkJobId} AND state = 'offen') numbered
    GROUP BY chunk ORDER BY 2`.execute(trx);
  return rows;
}

/** Deletes finished jobs (their items go with them) that finished more than `days` days ago. */
export async function deleteFinishedJobs(db: Database, days: number): Promise<number> {
  const result = await db
    .deleteFrom('bulk_job')
    .where('state', '=', 'fertig')
    .where('finished_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Locks a Vorgang for one bulk item and reads what the action looks at: its version and last editor, Verkäufer,
 * branch, Eigener Status and whether it has label `labelId`.
 */
export function lockVorgang(trx: Database, vorgangId: number, labelId: number) {
  return trx
    .selectFrom('vorgang as v')
    .select((eb) => [
      'v.version',
      'v.updated_by as updatedBy',
      'v.seller_user_id as sellerUserId',
      'v.branch_id as branchId',
      'v.custom_status_id as customStatusId',
      eb
        .exists(
          eb
            .selectFrom('vorgang_label as vl')
            .select('vl.label_id')
            .whereRef('vl.vorgang_id', '=', 'v.id')
            .where('vl.label_id', '=', labelId),
        )
        .as('hasLabel'),
    ])
    .where('v.id', '=', vorgangId)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Creates the job that undoes job `jobId` with one item per record that job changed, and its total; answers
 * the new job's id.
 */
export async function insertUndoJob(
  trx: Database,
  job: { target: BulkTarget; action: BulkAction },
  callerJson: string,
  callerOid: string,
  jobId: number,
): Promise<number> {
  const { id } = await trx
    .insertInto('bulk_job')
    .values({
      target: job.target,
      action: JSON.stringify(job.action),
      caller: callerJson,
      created_by_oid: callerOid,
      selection: JSON.stringify({ undo: jobId }),
      undoes_job_id: jobId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    INSERT INTO bulk_job_item (job_id, record_id, item_key, seen_due_date)
    SELECT ${id}, record_id, item_key, seen_due_date FROM bulk_job_item WHERE job_id = ${jobId} AND changed`.execute(
    trx,
  );
  await sql`UPDATE bulk_job SET total = (SELECT count(*) FROM bulk_job_item WHERE job_id = ${id})
    WHERE id = ${id}`.execute(trx);
  return id;
}

/** Locks a job to be undone and reads its state, action and the job that undid it already, if any. */
export async function lockJobToUndo(trx: Database, jobId: number) {
  const { rows } = await sql<{
    state: string;
    target: BulkTarget;
    action: BulkAction;
    undoesJobId: number | null;
    undoneBy: number | null;
  }>`
    SELECT j.state, j.target, j.action, j.undoes_job_id AS "undoesJobId",
      (SELECT u.id FROM bulk_job u WHERE u.undoes_job_id = j.id) AS "undoneBy"
    FROM bulk_job j WHERE j.id = ${jobId} FOR UPDATE`.execute(trx);
  return rows[0];
}
