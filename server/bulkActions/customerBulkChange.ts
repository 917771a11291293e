import customerEntity from '../../src/resources/customers/customer.entity';
import type { BulkAction } from '../../src/resources/bulkActions/bulkActionTypes';
import { hasAnyGroup } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';
import { withChangeRecord } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { guardChangeableBy } from '../platform/entities/changeableBy';
import { guardEditableBy } from '../platform/entities/editableBy';
import { addCustomerLabels } from '../customers/customerLabels';
import { customerSubject } from '../customers/customerSnapshot';
import { staleText } from '../platform/http/apiError';
import { BulkRefused } from './bulkRefused';
import { changedSinceSeen } from './watchedValueQueries';

/**
 * One change of a customer: a bulk action's, or its reverse when a job is undone (a Betreuer back to none, a
 * label back with the due day it had).
 */
export type CustomerChange =
  | { kind: 'betreuer'; userId: number | null }
  | { kind: 'labelHinzu'; labelId: number; dueDate?: string | null }
  | { kind: 'labelEntfernen'; labelId: number }
  | { kind: 'labelZurueck'; labelId: number; dueDate: string | null };

/**
 * Applies one bulk action to one customer inside the item's transaction, by the rules of the single edit on
 * the customer page: the caller's groups, the field's `editableBy` and `changeableBy` (the Betreuer only by the
 * Betreuer, the branch's lead, the administration), and only if what the action changes is as the caller saw it
 * (a customer whose Betreuer or label changed since is refused as "geändert", never overwritten; an edit of
 * another field is no reason). The change moves the customer's version on and is recorded in the
 * Änderungsverlauf exactly like that edit. Answers whether anything changed.
 */
export async function changeCustomer(
  trx: Database,
  customerId: number,
  seenVersion: number | null,
  action: BulkAction,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  const current = await lockCustomer(trx, customerId, caller);
  const changed = await changedSinceSeen(trx, 'kunden', customerId, action, current, seenVersion);
  if (changed) throw new BulkRefused(staleText(changed.by, { subject: 'Der Kunde', retry: '' }));
  switch (action.kind) {
    case 'labelHinzu':
    case 'labelEntfernen':
    case 'betreuer':
      return applyToCustomer(trx, customerId, action, caller, timeZone);
    case 'verkaeufer':
    case 'eigenerStatus':
      throw new BulkRefused('Einen Verkäufer und einen Eigenen Status haben nur Vorgänge.');
    case 'erledigt':
    case 'verschieben':
      throw new BulkRefused('Erledigt und Verschieben gibt es nur bei Fälligen Labels.');
    case 'mail':
      throw new BulkRefused('Eine Mail verschickt die Sammelaktion „Mail senden“, keine Änderung.');
  }
}

/**
 * Locks the customer's row for this one short transaction (a concurrent single edit waits only that long) after
 * checking the caller may change customers at all; a customer deleted meanwhile is refused.
 */
export async function lockCustomer(trx: Database, customerId: number, caller: Caller) {
  if (!hasAnyGroup(caller.groups, customerEntity.access.write)) {
    throw new BulkRefused('Keine Berechtigung, Kunden zu ändern.');
  }
  const current = await trx
    .selectFrom('customer')
    .select(['version', 'updated_by as updatedBy', 'owner_user_id as ownerUserId'])
    .where('id', '=', customerId)
    .forUpdate()
    .executeTakeFirst();
  if (!current) throw new BulkRefused('Der Kunde wurde inzwischen gelöscht.');
  return current;
}

/** Makes one change of a locked customer with the single edit's guards and its change record. */
export async function applyToCustomer(
  trx: Database,
  customerId: number,
  change: CustomerChange,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  if (change.kind === 'betreuer') {
    const values = { ownerUserId: change.userId };
    await guardEditableBy(trx, customerEntity, customerId, values, caller);
    await guardChangeableBy(trx, customerEntity, customerId, values, caller);
  }
  return withChangeRecord(trx, { ...customerSubject(customerId), actor: caller }, async () => {
    const changed = await applyChange(trx, customerId, change, caller, timeZone);
    if (changed) {
      await trx
        .updateTable('customer')
        .set((eb) => ({
          version: eb('version', '+', 1),
          updated_at: eb.fn<Date>('now'),
          updated_by: caller.name,
        }))
        .where('id', '=', customerId)
        .execute();
    }
    return changed;
  });
}

async function applyChange(
  trx: Database,
  customerId: number,
  change: CustomerChange,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  switch (change.kind) {
    case 'labelHinzu': {
      if (!change.dueDate) {
        return (await addCustomerLabels(trx, customerId, [change.labelId], caller, timeZone)).length > 0;
      }
      return insertLabel(trx, customerId, change.labelId, change.dueDate, caller);
    }
    case 'labelZurueck':
      return insertLabel(trx, customerId, change.labelId, change.dueDate, caller);
    case 'labelEntfernen': {
      const removed = await trx
        .deleteFrom('customer_label')
        .where('customer_id', '=', customerId)
        .where('label_id', '=', change.labelId)
        .executeTakeFirst();
      return removed.numDeletedRows > 0n;
    }
    case 'betreuer': {
      const moved = await trx
        .updateTable('customer')
        .set({ owner_user_id: change.userId })
        .where('id', '=', customerId)
        .where('owner_user_id', 'is distinct from', change.userId)
        .executeTakeFirst();
      return moved.numUpdatedRows > 0n;
    }
  }
}

async function insertLabel(
  trx: Database,
  customerId: number,
  labelId: number,
  dueDate: string | null,
  caller: Caller,
) {
  const added = await trx
    .insertInto('customer_label')
    .values({ customer_id: customerId, label_id: labelId, due_date: dueDate, added_by: caller.name })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return (added.numInsertedOrUpdatedRows ?? 0n) > 0n;
}
