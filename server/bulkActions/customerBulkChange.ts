import { sql } from 'kysely';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { BulkAction } from '../../src/resources/bulkActions/bulkActions.endpoints';
import { hasAnyGroup } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';
import { withChangeRecord } from '../platform/changes/recordChange';
import type { Database } from '../platform/db/database';
import { guardEditableBy } from '../platform/entities/editableBy';
import { addCustomerLabels } from '../customers/customerLabels';
import { customerSubject } from '../customers/customerSnapshot';
import { staleText } from '../platform/http/apiError';
import { BulkRefused } from './bulkRefused';

/**
 * Applies one bulk action to one customer inside the item's transaction, by the rules of the single edit on
 * the customer page: the caller's groups, the field's `editableBy`, and only at the version the caller saw
 * (a customer changed since is refused as "geändert", never overwritten). The change moves the customer's
 * version on and is recorded in the Änderungsverlauf exactly like that edit (same snapshot, same fields).
 * Answers whether anything changed (a label the customer already had changes nothing).
 */
export async function changeCustomer(
  trx: Database,
  customerId: number,
  seenVersion: number | null,
  action: BulkAction,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  if (!hasAnyGroup(caller.groups, customerEntity.access.write)) {
    throw new BulkRefused('Keine Berechtigung, Kunden zu ändern.');
  }
  // The row lock keeps a concurrent single edit waiting only for this one short transaction.
  const { rows } = await sql<{ version: number; updatedBy: string | null }>`
    SELECT version, updated_by AS "updatedBy" FROM customer WHERE id = ${customerId} FOR UPDATE`.execute(trx);
  const current = rows[0];
  if (!current) throw new BulkRefused('Der Kunde wurde inzwischen gelöscht.');
  if (seenVersion !== null && current.version !== seenVersion) {
    throw new BulkRefused(staleText(current.updatedBy, { subject: 'Der Kunde', retry: '' }));
  }
  if (action.kind === 'betreuer') {
    await guardEditableBy(trx, customerEntity, customerId, { ownerUserId: action.userId }, caller);
  }
  return withChangeRecord(trx, { ...customerSubject(customerId), actor: caller }, async () => {
    const changed = await applyAction(trx, customerId, action, caller, timeZone);
    if (changed) {
      await sql`UPDATE customer SET version = version + 1, updated_at = now(), updated_by = ${caller.name}
        WHERE id = ${customerId}`.execute(trx);
    }
    return changed;
  });
}

async function applyAction(
  trx: Database,
  customerId: number,
  action: BulkAction,
  caller: Caller,
  timeZone: string,
): Promise<boolean> {
  switch (action.kind) {
    case 'labelHinzu': {
      if (!action.dueDate) {
        return (await addCustomerLabels(trx, customerId, [action.labelId], caller, timeZone)).length > 0;
      }
      const added = await sql`
        INSERT INTO customer_label (customer_id, label_id, due_date, added_by)
        VALUES (${customerId}, ${action.labelId}, ${action.dueDate}::date, ${caller.name})
        ON CONFLICT DO NOTHING`.execute(trx);
      return Number(added.numAffectedRows ?? 0) > 0;
    }
    case 'labelEntfernen': {
      const removed = await sql`
        DELETE FROM customer_label WHERE customer_id = ${customerId} AND label_id = ${action.labelId}`.execute(
        trx,
      );
      return Number(removed.numAffectedRows ?? 0) > 0;
    }
    case 'betreuer': {
      const moved = await sql`
        UPDATE customer SET owner_user_id = ${action.userId}
        WHERE id = ${customerId} AND owner_user_id IS DISTINCT FROM ${action.userId}`.execute(trx);
      return Number(moved.numAffectedRows ?? 0) > 0;
    }
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
