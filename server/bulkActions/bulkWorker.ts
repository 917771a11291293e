import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActions.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { ApiError } from '../platform/http/apiError';
import { QueueWorker } from '../platform/jobs/queueWorker';
import { queueBulkMail } from './bulkMail';
import { BulkRefused } from './bulkRefused';
import { changeCustomer } from './customerBulkChange';
import { changeVorgang } from './vorgangBulkChange';
import { changeDueLabel } from './dueLabelBulkChange';
import { undoItem } from './undoBulkJob';

/** Items worked off before the worker gives the event loop back (requests of this instance go first). */
const BATCH = 25;
/** How often an idle instance looks for open items (a job another instance started, or one a restart left). */
const POLL_MS = 3_000;

interface ClaimedItem {
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
 * Works off the open items of all bulk jobs, on whichever instance gets there: each item is claimed with
 * FOR UPDATE SKIP LOCKED and changed in its own short transaction, all-or-nothing (a savepoint undoes a
 * refused item's partial change, the item then records why). Nothing lives in this process but the timer:
 * the items in the database are the queue, so a job an instance leaves behind is finished by the next.
 */
export class BulkWorker extends QueueWorker {
  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
    private readonly timeZone: string,
  ) {
    super(log, { pollMs: POLL_MS, batch: BATCH, failureMessage: 'Sammelaktion: Abarbeiten fehlgeschlagen' });
  }

  /** Claims one open item and applies its job's action; answers false when none is left to claim. */
  protected async takeOne(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<ClaimedItem>`
        SELECT i.job_id AS "jobId", i.record_id AS "recordId", i.seen_version AS "seenVersion",
          j.target, j.action, j.caller, i.item_key AS "itemKey", i.seen_due_date::text AS "seenDueDate",
          j.undoes_job_id AS "undoesJobId"
        FROM bulk_job_item i JOIN bulk_job j ON j.id = i.job_id
        WHERE i.state = 'offen'
        ORDER BY i.job_id, i.record_id
        LIMIT 1 FOR UPDATE OF i SKIP LOCKED`.execute(trx);
      const item = rows[0];
      if (!item) return false;
      await sql`SAVEPOINT bulk_item`.execute(trx);
      let reason: string | null = null;
      let changed = false;
      // The job's changes are recorded as its own in the Änderungsverlauf (what an undo reads).
      const caller = { ...item.caller, bulkJobId: item.jobId };
      try {
        if (item.undoesJobId !== null) {
          changed = await undoItem(trx, { ...item, undoesJobId: item.undoesJobId }, caller, this.timeZone);
        } else if (item.action.kind === 'mail') {
          await queueBulkMail(trx, item, item.action.templateId, caller, this.timeZone);
          changed = true;
        } else {
          changed = await CHANGE_OF[item.target](
            trx,
            item.recordId,
            item.seenVersion,
            item.action,
            caller,
            this.timeZone,
            item,
          );
        }
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT bulk_item`.execute(trx);
        reason = refusalOf(error);
        if (reason === null) {
          this.log.error(
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

  /** Marks the jobs without open items as finished. */
  protected override async afterBatch(): Promise<void> {
    await sql`UPDATE bulk_job j SET state = 'fertig', finished_at = now()
      WHERE j.state = 'laeuft'
        AND NOT EXISTS (SELECT 1 FROM bulk_job_item i WHERE i.job_id = j.id AND i.state = 'offen')`.execute(
      this.db,
    );
  }
}

/** The report's reason for an expected refusal (a version, a permission, a rule of the single edit). */
function refusalOf(error: unknown): string | null {
  if (error instanceof BulkRefused) return error.message;
  if (error instanceof ApiError && error.statusCode < 500) return error.message;
  return null;
}
