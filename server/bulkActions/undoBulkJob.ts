import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, conflict, notFound } from '../platform/http/apiError';
import { reopen, postpone, parseDueKey } from '../todos/dueItemChanges';
import { moveOnBoard } from '../vorgaenge/boardMove';
import { changeVorgangLabel } from '../vorgaenge/vorgangLabels';
import { setVorgangSeller } from '../vorgaenge/vorgangSeller';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshotQueries';
import customerEntity from '../../src/resources/customers/customer.entity';
import { callerJson } from './bulkJobQueries';
import { insertUndoJob, lockJobToUndo, lockVorgang } from './bulkItemQueries';
import { BulkRefused } from './bulkRefused';
import { applyToCustomer, lockCustomer } from './customerBulkChange';
import { inScope } from './vorgangBulkChange';

/**
 * Creates the job that undoes finished job `jobId`: one item per record that job changed, worked off like any
 * job (progress, report, per record). Refused: a job still running (409), one already undone (409), a mail
 * (sent mails cannot be fetched back) and an undo itself (400). Answers the new job's id.
 */
export async function createUndoJob(trx: Database, caller: Caller, jobId: number): Promise<number> {
  const job = await lockJobToUndo(trx, jobId);
  if (!job) throw notFound('Diese Sammelaktion gibt es nicht (mehr).');
  if (job.state !== 'fertig')
    throw conflict('Die Sammelaktion läuft noch; rückgängig erst, wenn sie fertig ist.');
  if (job.undoneBy !== null) {
    throw conflict(`Diese Sammelaktion wurde schon rückgängig gemacht (Sammelaktion ${job.undoneBy}).`);
  }
  if (job.action.kind === 'mail') {
    throw badRequest('Versendete Mails lassen sich nicht zurückholen.');
  }
  if (job.undoesJobId !== null) {
    throw badRequest('Ein Rückgängigmachen lässt sich nicht rückgängig machen.');
  }
  return insertUndoJob(trx, job, callerJson(caller), caller.oid, jobId);
}

type Diff = { old: unknown; new: unknown };
type Changes = Record<string, Diff | undefined>;

interface UndoItem {
  recordId: number;
  target: BulkTarget;
  action: BulkAction;
  itemKey: string | null;
  undoesJobId: number;
}

const STILL = 'hat nicht mehr den Wert der Sammelaktion; nicht zurückgesetzt';

/** The Änderungsverlauf's area and record of an item (a due label's: its Vorgang or customer). */
function recordOf(item: UndoItem) {
  if (item.target === 'kunden') return { area: customerEntity.name, id: item.recordId };
  if (item.target === 'vorgaenge') return { area: VORGANG_AREA, id: item.recordId };
  const key = parseDueKey(item.itemKey ?? '');
  if (key.kind === 'vorgangLabel') return { area: VORGANG_AREA, id: key.vorgangId };
  if (key.kind === 'kundeLabel') return { area: customerEntity.name, id: key.customerId };
  throw new BulkRefused('Dieses Label ist unbekannt.');
}

/** A label's due day in a snapshot's labelDueDates ({labelId: day}), as the change record keeps it. */
const dueDayIn = (value: unknown, labelId: number): string | null => {
  const day = (value as Record<string, unknown> | null | undefined)?.[String(labelId)];
  return typeof day === 'string' ? day : null;
};

/**
 * Sets one record back as it was before job `undoesJobId` changed it, reading the old value from that job's
 * change record in the Änderungsverlauf, and only where the record still holds the value the job set (else
 * refused with the reason, so the report lists it). Goes through the single edit's code with the undoing
 * person's rights, so the change is recorded again (under the undo job).
 */
export async function undoItem(
  trx: Database,
  item: UndoItem,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  const { area, id } = recordOf(item);
  const record = await trx
    .selectFrom('change_record')
    .select('changes')
    .where('bulk_job_id', '=', item.undoesJobId)
    .where('area', '=', area)
    .where('record_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const changes = record?.changes as Changes | undefined;
  if (!changes) throw new BulkRefused('Diese Änderung steht nicht (mehr) im Änderungsverlauf.');
  if (item.target === 'kunden') return undoCustomer(trx, id, item.action, changes, caller, timeZone);
  if (item.target === 'vorgaenge') return undoVorgang(trx, id, item.action, changes, caller, timeZone);
  return undoDueLabel(trx, item.itemKey!, item.action, changes, caller);
}

async function undoCustomer(
  trx: Database,
  id: number,
  action: BulkAction,
  changes: Changes,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  const current = await lockCustomer(trx, id, caller);
  if (action.kind === 'betreuer') {
    const diff = changes.ownerUserId;
    if (!diff || current.ownerUserId !== diff.new) throw new BulkRefused(`Der Betreuer ${STILL}.`);
    const userId = typeof diff.old === 'number' ? diff.old : null;
    return applyToCustomer(trx, id, { kind: 'betreuer', userId }, caller, timeZone);
  }
  if (action.kind !== 'labelHinzu' && action.kind !== 'labelEntfernen') {
    throw new BulkRefused('Diese Aktion lässt sich nicht rückgängig machen.');
  }
  const has = !!(await trx
    .selectFrom('customer_label')
    .select('label_id')
    .where('customer_id', '=', id)
    .where('label_id', '=', action.labelId)
    .executeTakeFirst());
  if (action.kind === 'labelHinzu') {
    if (!has) throw new BulkRefused(`Das Label ${STILL}.`);
    return applyToCustomer(trx, id, { kind: 'labelEntfernen', labelId: action.labelId }, caller, timeZone);
  }
  if (has) throw new BulkRefused(`Das Label ${STILL}.`);
  const dueDate = dueDayIn(changes.labelDueDates?.old, action.labelId);
  return applyToCustomer(
    trx,
    id,
    { kind: 'labelZurueck', labelId: action.labelId, dueDate },
    caller,
    timeZone,
  );
}

async function undoVorgang(
  trx: Database,
  vorgangId: number,
  action: BulkAction,
  changes: Changes,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  const labelId = 'labelId' in action ? action.labelId : 0;
  const found = await lockVorgang(trx, vorgangId, labelId);
  if (!found) throw new BulkRefused('Der Vorgang wurde inzwischen gelöscht.');
  if (!(await inScope(trx, caller, found))) {
    throw new BulkRefused(
      'Keine Berechtigung: Der Vorgang gehört weder Ihnen noch einer Filiale, die Sie leiten.',
    );
  }
  const { version } = found;
  const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
  switch (action.kind) {
    case 'verkaeufer': {
      const diff = changes.sellerUserId;
      if (!diff || found.sellerUserId !== diff.new) throw new BulkRefused(`Der Verkäufer ${STILL}.`);
      await setVorgangSeller(trx, { vorgangId, version, sellerUserId: idOrNull(diff.old) }, caller);
      return true;
    }
    case 'eigenerStatus': {
      const diff = changes.customStatusId;
      if (!diff || found.customStatusId !== diff.new) throw new BulkRefused(`Der Eigene Status ${STILL}.`);
      const move = { vorgangId, version, customStatusId: idOrNull(diff.old), via: 'page' as const };
      await moveOnBoard(trx, move, caller);
      return true;
    }
    case 'labelHinzu':
      if (!found.hasLabel) throw new BulkRefused(`Das Label ${STILL}.`);
      await changeVorgangLabel(trx, { vorgangId, version, labelId, action: 'remove' }, caller, timeZone);
      return true;
    case 'labelEntfernen': {
      if (found.hasLabel) throw new BulkRefused(`Das Label ${STILL}.`);
      const dueDate = dueDayIn(changes.labelDueDates?.old, labelId);
      const change = { vorgangId, version, labelId, action: 'add' as const, ...(dueDate ? { dueDate } : {}) };
      await changeVorgangLabel(trx, change, caller, timeZone);
      return true;
    }
    default:
      throw new BulkRefused('Diese Aktion lässt sich nicht rückgängig machen.');
  }
}

async function undoDueLabel(
  trx: Database,
  key: string,
  action: BulkAction,
  changes: Changes,
  caller: Caller,
): Promise<boolean> {
  const parsed = parseDueKey(key);
  if (parsed.kind === 'aktivitaet') throw new BulkRefused('Dieses Label ist unbekannt.');
  // A date column arrives as "yyyy-MM-dd" text (server/platform/db/database.ts).
  const label = await (
    parsed.kind === 'vorgangLabel'
      ? trx
          .selectFrom('vorgang_label')
          .select('due_date as due')
          .where('vorgang_id', '=', parsed.vorgangId)
          .where('label_id', '=', parsed.labelId)
      : trx
          .selectFrom('customer_label')
          .select('due_date as due')
          .where('customer_id', '=', parsed.customerId)
          .where('label_id', '=', parsed.labelId)
  ).executeTakeFirst();
  const before = dueDayIn(changes.labelDueDates?.old, parsed.labelId);
  if (action.kind === 'erledigt') {
    if (label || !before) throw new BulkRefused(`Das Label ${STILL}.`);
    await reopen(trx, caller, key, { dueDate: before });
    return true;
  }
  const after = dueDayIn(changes.labelDueDates?.new, parsed.labelId);
  if (action.kind !== 'verschieben' || !before || !after || label?.due !== after) {
    throw new BulkRefused(`Die Fälligkeit ${STILL}.`);
  }
  await postpone(trx, caller, key, { expectedDueDate: after }, before);
  return true;
}
