import { sql } from 'kysely';
import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActions.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, conflict, notFound } from '../platform/http/apiError';
import { reopen, postpone, parseDueKey } from '../todos/dueItemChanges';
import { moveOnBoard } from '../vorgaenge/boardMove';
import { changeVorgangLabel } from '../vorgaenge/vorgangLabels';
import { setVorgangSeller } from '../vorgaenge/vorgangSeller';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshot';
import customerEntity from '../../src/resources/customers/customer.entity';
import { callerJson } from './bulkJobQueries';
import { BulkRefused } from './bulkRefused';
import { applyToCustomer, lockCustomer } from './customerBulkChange';
import { inScope } from './vorgangBulkChange';

/**
 * Creates the job that undoes finished job `jobId`: one item per record that job changed, worked off like any
 * job (progress, report, per record). Refused: a job still running (409), one already undone (409), a mail
 * (sent mails cannot be fetched back) and an undo itself (400). Answers the new job's id.
 */
export async function createUndoJob(trx: Database, caller: Caller, jobId: number): Promise<number> {
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
  const job = rows[0];
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
  const { rows: created } = await sql<{ id: number }>`
    INSERT INTO bulk_job (target, action, caller, created_by_oid, selection, undoes_job_id)
    VALUES (${job.target}, ${JSON.stringify(job.action)}::jsonb, ${callerJson(caller)}::jsonb, ${caller.oid},
      ${JSON.stringify({ undo: jobId })}::jsonb, ${jobId})
    RETURNING id`.execute(trx);
  const id = created[0]!.id;
  await sql`
    INSERT INTO bulk_job_item (job_id, record_id, item_key, seen_due_date)
    SELECT ${id}, record_id, item_key, seen_due_date FROM bulk_job_item WHERE job_id = ${jobId} AND changed`.execute(
    trx,
  );
  await sql`UPDATE bulk_job SET total = (SELECT count(*) FROM bulk_job_item WHERE job_id = ${id})
    WHERE id = ${id}`.execute(trx);
  return id;
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
  const { rows } = await sql<{ changes: Changes }>`
    SELECT changes FROM change_record
    WHERE bulk_job_id = ${item.undoesJobId} AND area = ${area} AND record_id = ${id}
    ORDER BY id DESC LIMIT 1`.execute(trx);
  const changes = rows[0]?.changes;
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
  const { rows } = await sql<{ has: boolean }>`
    SELECT EXISTS (SELECT 1 FROM customer_label WHERE customer_id = ${id} AND label_id = ${action.labelId}) AS has`.execute(
    trx,
  );
  const has = rows[0]!.has;
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
  const { rows } = await sql<{
    version: number;
    sellerUserId: number | null;
    branchId: number | null;
    customStatusId: number | null;
    hasLabel: boolean;
  }>`
    SELECT version, seller_user_id AS "sellerUserId", branch_id AS "branchId",
      custom_status_id AS "customStatusId",
      EXISTS (SELECT 1 FROM vorgang_label WHERE vorgang_id = v.id AND label_id = ${labelId}) AS "hasLabel"
    FROM vorgang v WHERE id = ${vorgangId} FOR UPDATE`.execute(trx);
  const found = rows[0];
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
  const { rows } = await (
    parsed.kind === 'vorgangLabel'
      ? sql<{ due: string | null }>`SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM vorgang_label
          WHERE vorgang_id = ${parsed.vorgangId} AND label_id = ${parsed.labelId}`
      : sql<{ due: string | null }>`SELECT to_char(due_date, 'YYYY-MM-DD') AS due FROM customer_label
          WHERE customer_id = ${parsed.customerId} AND label_id = ${parsed.labelId}`
  ).execute(trx);
  const before = dueDayIn(changes.labelDueDates?.old, parsed.labelId);
  if (action.kind === 'erledigt') {
    if (rows[0] || !before) throw new BulkRefused(`Das Label ${STILL}.`);
    await reopen(trx, caller, key, { dueDate: before });
    return true;
  }
  const after = dueDayIn(changes.labelDueDates?.new, parsed.labelId);
  if (action.kind !== 'verschieben' || !before || !after || rows[0]?.due !== after) {
    throw new BulkRefused(`Die Fälligkeit ${STILL}.`);
  }
  await postpone(trx, caller, key, { expectedDueDate: after }, before);
  return true;
}
