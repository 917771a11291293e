import type { FastifyInstance } from 'fastify';
import { rollbackTo, savepoint } from '../platform/db/inTransaction';
import { ApiError } from '../platform/http/apiError';
import { queueBulkMail } from './bulkMail';
import { lockOpenItem } from './bulkItemQueries';
import { BulkRefused } from './bulkRefused';
import { changeCustomer } from './customerBulkChange';
import { changeVorgang } from './vorgangBulkChange';
import { changeDueLabel } from './dueLabelBulkChange';
import { undoItem } from './undoBulkJob';

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
    const item = await lockOpenItem(trx, jobId, recordId);
    if (!item) return false;
    await savepoint(trx, 'bulk_item');
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
      await rollbackTo(trx, 'bulk_item');
      reason = refusalOf(error);
      if (reason === null) {
        app.log.error(
          { err: error, ...item, caller: item.caller.name },
          'Sammelaktion: Datensatz fehlgeschlagen',
        );
        reason = 'Unerwarteter Fehler beim Ändern.';
      }
    }
    await trx
      .updateTable('bulk_job_item')
      .set({ state: reason === null ? 'erledigt' : 'abgelehnt', reason, changed: reason === null && changed })
      .where('job_id', '=', item.jobId)
      .where('record_id', '=', item.recordId)
      .execute();
    return true;
  });
}

/** The report's reason for an expected refusal (a version, a permission, a rule of the single edit). */
function refusalOf(error: unknown): string | null {
  if (error instanceof BulkRefused) return error.message;
  if (error instanceof ApiError && error.statusCode < 500) return error.message;
  return null;
}
