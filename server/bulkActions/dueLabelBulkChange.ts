import type { BulkAction } from '../../src/resources/bulkActions/bulkActionTypes';
import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { markDone, postpone } from '../todos/dueItemChanges';
import { BulkRefused } from './bulkRefused';

/** What an item of a Fällige-Labels job names: the label's key and the due date the caller saw. */
export interface DueLabelItem {
  itemKey: string | null;
  seenDueDate: string | null;
}

/**
 * Applies one bulk action to one due label inside the item's transaction through the single action of the
 * Fällige-Labels screen (markDone, postpone): the same owner-or-branch-lead rule, the due date the caller saw
 * as the check (a label moved or removed since is refused, never overwritten), its parent's version moved on,
 * the Vorgang's history line and the change record of its Vorgang or customer.
 */
export async function changeDueLabel(
  trx: Database,
  _recordId: number,
  _seenVersion: number | null,
  action: BulkAction,
  caller: Caller,
  timeZone: string,
  item?: DueLabelItem,
): Promise<boolean> {
  if (!item?.itemKey || !item.seenDueDate) throw new BulkRefused('Dieses Label ist unbekannt.');
  const expected = { expectedDueDate: item.seenDueDate };
  if (action.kind === 'erledigt') {
    await markDone(trx, caller, item.itemKey, expected);
    return true;
  }
  if (action.kind !== 'verschieben') throw new BulkRefused('Diese Aktion gibt es für Fällige Labels nicht.');
  // "+n Tage" counts from the due day, or from today when the label is already overdue (as on the screen).
  const today = companyToday(timeZone);
  const from = item.seenDueDate < today ? today : item.seenDueDate;
  const dueDate = action.dueDate ?? addCompanyDays(from, action.days ?? 1);
  if (dueDate === item.seenDueDate) return false;
  await postpone(trx, caller, item.itemKey, expected, dueDate);
  return true;
}
