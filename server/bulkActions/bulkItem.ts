import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActions.endpoints';
import type { Caller } from '../platform/auth/caller';
import { ApiError } from '../platform/http/apiError';
import { queueBulkMail } from './bulkMail';
import { BulkRefused } from './bulkRefused';
import { changeCustomer } from './customerBulkChange';
import { changeVorgang } from './vorgangBulkChange';
import { changeDueLabel } from './dueLabelBulkChange';
import { undoItem } from './undoBulkJob';

interface OpenItem {
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

/** The change of one record per list. */
const CHANGE_OF = {
  kunden: changeCustomer,
  vorgaenge: changeVorgang,
  faelligeLabels: changeDueLabel,
} as const;

/**
 * Applies the job's action to one record, in its own short transaction, all-or-nothing (a savepoint undoes a
 * refused item's partial change, the item then records why). The item is locked and read as still open
 * first: an item another worker changed meanwhile (the previous release's, during a rolling update) is
 * skipped, so each record is changed once. Answers whether the item was open.
 */
export async function changeItem(app: FastifyInstance, jobId: number, recordId: number): Promise<boolean> {
  return app.db.transaction().execute(async (trx) => {
    const { rows } = await sql<OpenItem>`
      SELECT i.job_id AS "jobId", i.record_id AS "recordId", i.seen_version AS "seenVersion",
        j.target, j.action, j.caller, i.item_key AS "itemKey", i.seen_due_date::text AS "seenDueDate",
        j.undoes_job_id AS "undoesJobId"
      FROM bulk_job_item i JOIN bulk_job j ON j.id = i.job_id
      WHERE i.job_id = ${jobId} AND i.record_id = ${recordId} AND i.state = 'offen'
      FOR UPDATE OF i`.execute(trx);
    const item = rows[0];
    if (!item) return false;
    await sql`SAVEPOINT bulk_item`.execute(trx);
    let reason: string | null = null;
    let changed = false;
    // The job's changes are recorded as its own in the Änderungsverlauf (what an undo reads).
    const caller = { ...item.caller, bulkJobId: item.jobId };
    try {
      if (item.undoesJobId !== null) {
        changed = await undoItem(trx, { ...item, undoesJobId: item.undoesJobId }, caller, app.timeZone);
      } else if (item.action.kind === 'mail') {
        await queueBulkMail(trx, app.jobs, item, item.action.templateId, caller, app.timeZone);
        changed = true;
      } else {
        changed = await CHANGE_OF[item.target](
          trx,
          item.recordId,
          item.seenVersion,
          item.action,
          caller,
          app.timeZone,
          item,
        );
      }
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT bulk_item`.execute(trx);
      reason = refusalOf(error);
      if (reason === null) {
        app.log.error(
          { err: error, ...item, caller: item.caller.name },
          'Sammelaktion: Datensatz fehlgeschlagen',
        );
        reason = 'Unerwarteter Fehler beim Ändern.';
      }
    }
    await sql`UPDATE bulk_job_item SET state = ${reason === null ? 'erledigt' : 'abgelehnt'}, reason = ${reason},
        changed = ${reason === null && changed}
      WHERE job_id = ${item.jobId} AND record_id = ${item.recordId}`.execute(trx);
    return true;
  });
}

/** The report's reason for an expected refusal (a version, a permission, a rule of the single edit). */
function refusalOf(error: unknown): string | null {
  if (error instanceof BulkRefused) return error.message;
  if (error instanceof ApiError && error.statusCode < 500) return error.message;
  return null;
}
