import { sql, type RawBuilder } from 'kysely';
import type { BulkAction, BulkTarget } from '../../src/resources/bulkActions/bulkActionTypes';
import type { Database } from '../platform/db/database';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshotQueries';
import customerEntity from '../../src/resources/customers/customer.entity';

/**
 * Whether a change record `c` of the Änderungsverlauf touched what the action changes: the Betreuer, the
 * Verkäufer, the Eigener Status, or whether the record has the action's label. Null for actions that change no
 * field of a row (a mail) or that check a due date instead (Fällige Labels).
 */
function touchesWatched(action: BulkAction): RawBuilder<boolean> | null {
  const has = (side: 'old' | 'new', labelId: number) =>
    sql`coalesce(c.changes -> 'labelIds' -> ${side} @> to_jsonb(${labelId}::int), false)`;
  switch (action.kind) {
    case 'betreuer':
      return sql<boolean>`c.changes ? 'ownerUserId'`;
    case 'verkaeufer':
      return sql<boolean>`c.changes ? 'sellerUserId'`;
    case 'eigenerStatus':
      return sql<boolean>`c.changes ? 'customStatusId'`;
    case 'labelHinzu':
    case 'labelEntfernen':
      return sql<boolean>`${has('old', action.labelId)} <> ${has('new', action.labelId)}`;
    default:
      return null;
  }
}

/** The area key of a list's rows in the Änderungsverlauf. */
export const AREA_OF = { kunden: customerEntity.name, vorgaenge: VORGANG_AREA } as const;

/**
 * Who changed the row since the caller saw it, in what the action changes; null when it is still as seen. The
 * same version: unchanged. A newer one: every change of a row moves its version by one and is recorded, so the
 * row's last (now − seen) records are the changes since; the row counts as changed only if one of them touched
 * what the action changes (a label change is not refused for a PLZ edit meanwhile), and the latest of those names
 * the person. A save that changed nothing moves the version without a record: then older records are looked at
 * too, which can only refuse, never let a change through. Actions without such a field compare the version and
 * name the row's last editor (`current.updatedBy`).
 */
export async function changedSinceSeen(
  trx: Database,
  target: BulkTarget,
  id: number,
  action: BulkAction,
  current: { version: number; updatedBy: string | null },
  seenVersion: number | null,
): Promise<{ by: string | null } | null> {
  if (seenVersion === null || seenVersion === current.version) return null;
  const touches = touchesWatched(action);
  if (!touches || target === 'faelligeLabels' || current.version < seenVersion) {
    return { by: current.updatedBy };
  }
  const { rows } = await sql<{ by: string | null }>`
    SELECT c.actor_name AS by FROM (
      SELECT id, actor_name, changes FROM change_record
      WHERE area = ${AREA_OF[target]} AND record_id = ${id} AND action = 'update'
      ORDER BY id DESC LIMIT ${current.version - seenVersion}) c
    WHERE ${touches} ORDER BY c.id DESC LIMIT 1`.execute(trx);
  return rows[0] ?? null;
}
