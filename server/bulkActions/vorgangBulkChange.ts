import type { BulkAction } from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import { callerUserId, isLead, ledBranchIds } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';
import { moveOnBoard } from '../vorgaenge/boardMove';
import { changeVorgangLabel } from '../vorgaenge/vorgangLabels';
import { setVorgangSeller } from '../vorgaenge/vorgangSeller';
import { staleText } from '../platform/http/apiError';
import { lockVorgang } from './bulkItemQueries';
import { BulkRefused } from './bulkRefused';
import { changedSinceSeen } from './watchedValueQueries';
import { GROUPS, hasAnyGroup } from '../../src/auth/groups';

interface VorgangNow {
  version: number;
  updatedBy: string | null;
  sellerUserId: number | null;
  branchId: number | null;
  customStatusId: number | null;
  hasLabel: boolean;
}

/**
 * Whether the caller may change this Vorgang in a bulk action: a seller their own Vorgänge, a sales lead those
 * of the branches they lead (the viewer scope), the administration all (as a customer's Betreuer). A selection is
 * many rows at once, so it stays within what the caller looks after even where the page of one Vorgang would
 * let them change it.
 */
export async function inScope(
  trx: Database,
  caller: Caller,
  found: Pick<VorgangNow, 'sellerUserId' | 'branchId'>,
): Promise<boolean> {
  if (hasAnyGroup(caller.groups, [GROUPS.admin])) return true;
  const me = await callerUserId(trx, caller);
  if (me !== null && found.sellerUserId === me) return true;
  if (!isLead(caller) || found.branchId === null) return false;
  return (await ledBranchIds(trx, caller)).includes(found.branchId);
}

/**
 * Applies one bulk action to one Vorgang inside the item's transaction through the single edit's own code
 * (setVorgangSeller, moveOnBoard as from the page, changeVorgangLabel): its checks, its history entry and its
 * change record; a Vorgang whose Verkäufer, status or label changed since the caller saw it is refused, never
 * overwritten (an edit of another field is no reason). A Vorgang that already is as asked is done without a change.
 */
export async function changeVorgang(
  trx: Database,
  vorgangId: number,
  seenVersion: number | null,
  action: BulkAction,
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
  const changed = await changedSinceSeen(trx, 'vorgaenge', vorgangId, action, found, seenVersion);
  if (changed) throw new BulkRefused(staleText(changed.by, { subject: 'Der Vorgang', retry: '' }));
  // What the action changes is as the caller saw it: another field changed meanwhile is no reason to refuse.
  const version = found.version;
  switch (action.kind) {
    case 'verkaeufer':
      if (found.sellerUserId === action.userId) return false;
      await setVorgangSeller(trx, { vorgangId, version, sellerUserId: action.userId }, caller);
      return true;
    case 'eigenerStatus':
      if (found.customStatusId === action.customStatusId) return false;
      await moveOnBoard(
        trx,
        { vorgangId, version, customStatusId: action.customStatusId, via: 'page' },
        caller,
      );
      return true;
    case 'labelHinzu':
      if (found.hasLabel) return false;
      await changeVorgangLabel(
        trx,
        {
          vorgangId,
          version,
          labelId: action.labelId,
          action: 'add',
          ...(action.dueDate ? { dueDate: action.dueDate } : {}),
        },
        caller,
        timeZone,
      );
      return true;
    case 'labelEntfernen':
      if (!found.hasLabel) return false;
      await changeVorgangLabel(
        trx,
        { vorgangId, version, labelId: action.labelId, action: 'remove' },
        caller,
        timeZone,
      );
      return true;
    case 'betreuer':
      throw new BulkRefused('Einen Betreuer haben nur Kunden.');
    case 'erledigt':
    case 'verschieben':
      throw new BulkRefused('Erledigt und Verschieben gibt es nur bei Fälligen Labels.');
    case 'mail':
      throw new BulkRefused('Eine Mail verschickt die Sammelaktion „Mail senden“, keine Änderung.');
  }
}
