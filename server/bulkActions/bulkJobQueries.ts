import { sql } from 'kysely';
import customerEntity from '../../src/resources/customers/customer.entity';
import type {
  BulkAction,
  BulkJob,
  BulkSelection,
  BulkTarget,
} from '../../src/resources/bulkActions/bulkActions.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { listConditions } from '../platform/entities/listQuery';

/** The report lists at most this many refused records; the count says how many there were. */
const REPORT_LIMIT = 200;

/** Refuses (German 400 at the field) an action whose label or person cannot be given to a customer. */
async function checkAction(db: Database, action: BulkAction) {
  if (action.kind === 'betreuer') {
    const { rows } = await sql`SELECT 1 FROM app_user WHERE id = ${action.userId} AND active`.execute(db);
    if (!rows[0]) {
      const message = 'Diesen Betreuer gibt es nicht (mehr).';
      throw badRequest(message, { userId: message });
    }
    return;
  }
  const { rows } = await sql<{ usable: boolean }>`
    SELECT for_customer AND active AS usable FROM label WHERE id = ${action.labelId}`.execute(db);
  if (!rows[0]) throw badRequest('Dieses Label gibt es nicht.', { labelId: 'Dieses Label gibt es nicht.' });
  if (action.kind === 'labelHinzu' && !rows[0].usable) {
    const message = 'Dieses Label kann Kunden nicht (mehr) gegeben werden.';
    throw badRequest(message, { labelId: message });
  }
}

/**
 * Creates the job and its items in `trx` (the idempotent create's transaction): the ticked rows with the
 * versions the caller saw, or every row the list's filter matches, found by the list's own SQL conditions in
 * one INSERT … SELECT (nothing of the selection passes through this process) with each row's version now, so
 * a row changed after this moment is refused as changed.
 */
export async function createJob(
  trx: Database,
  caller: Caller,
  target: BulkTarget,
  action: BulkAction,
  selection: BulkSelection,
  timeZone: string,
): Promise<number> {
  await checkAction(trx, action);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO bulk_job (target, action, caller, created_by_oid)
    VALUES (${target}, ${JSON.stringify(action)}::jsonb,
      ${JSON.stringify({ oid: caller.oid, tid: caller.tid, name: caller.name, username: caller.username, groups: caller.groups })}::jsonb,
      ${caller.oid})
    RETURNING id`.execute(trx);
  const jobId = rows[0]!.id;
  if ('rows' in selection) {
    const ids = selection.rows.map((row) => row.id);
    const versions = selection.rows.map((row) => row.version);
    await sql`INSERT INTO bulk_job_item (job_id, record_id, seen_version)
      SELECT ${jobId}, id, version FROM unnest(${ids}::int[], ${versions}::int[]) AS s(id, version)
      ON CONFLICT DO NOTHING`.execute(trx);
  } else {
    const conditions = listConditions(customerEntity, selection.filter, caller.oid, timeZone);
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    await sql`INSERT INTO bulk_job_item (job_id, record_id, seen_version)
      SELECT ${jobId}, t.id, t.version FROM customer t ${where}`.execute(trx);
  }
  await sql`UPDATE bulk_job SET total = (SELECT count(*) FROM bulk_job_item WHERE job_id = ${jobId})
    WHERE id = ${jobId}`.execute(trx);
  return jobId;
}

/** The caller's own job with its progress and refusals; another person's job is not found. */
export async function readJob(db: Database, caller: Caller, jobId: number): Promise<BulkJob> {
  const { rows } = await sql<Omit<BulkJob, 'refused'>>`
    SELECT j.id, j.target, j.state, j.total, j.created_at AS "createdAt",
      n.done, n.changed, n.refused AS "refusedCount"
    FROM bulk_job j CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE i.state <> 'offen')::int AS done,
        count(*) FILTER (WHERE i.state = 'erledigt')::int AS changed,
        count(*) FILTER (WHERE i.state = 'abgelehnt')::int AS refused
      FROM bulk_job_item i WHERE i.job_id = j.id) n
    WHERE j.id = ${jobId} AND j.created_by_oid = ${caller.oid}`.execute(db);
  const job = rows[0];
  if (!job) throw notFound('Diese Sammelaktion gibt es nicht.');
  const refused = await sql<BulkJob['refused'][number]>`
    SELECT i.record_id AS "recordId", c.display_name AS name, i.reason
    FROM bulk_job_item i LEFT JOIN customer c ON c.id = i.record_id
    WHERE i.job_id = ${jobId} AND i.state = 'abgelehnt'
    ORDER BY i.record_id LIMIT ${REPORT_LIMIT}`.execute(db);
  return { ...job, createdAt: new Date(job.createdAt).toISOString(), refused: refused.rows };
}
