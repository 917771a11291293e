import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** The system statuses in their order, each with how many Vorgänge are in it. */
export async function possibleStatuses(db: Database) {
  const { rows } = await sql<{ code: string; name: string; sortOrder: number; vorgaenge: number }>`
    SELECT p.code, p.name, p.sort_order AS "sortOrder", count(v.id)::int AS vorgaenge
    FROM possible_status p LEFT JOIN vorgang v ON v.system_status = p.code
    GROUP BY p.code ORDER BY p.sort_order`.execute(db);
  return rows;
}

/** Ids of all custom statuses, locked until the transaction ends. */
export async function lockCustomStatusIds(trx: Database): Promise<number[]> {
  // Locked, so two admins reordering at once cannot interleave.
  const current = await sql<{
    id: number;
  }>`SELECT id FROM custom_status ORDER BY id FOR UPDATE`.execute(trx);
  return current.rows.map((r) => r.id);
}

/** Saves the board order: the status at index i gets position i + 1 (unchanged ones stay untouched). */
export async function saveCustomStatusOrder(trx: Database, ids: readonly number[], updatedBy: string) {
  await sql`
    UPDATE custom_status s
    SET sort_order = o.position, version = s.version + 1, updated_at = now(), updated_by = ${updatedBy}
    FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, position)
    WHERE s.id = o.id AND s.sort_order IS DISTINCT FROM o.position`.execute(trx);
}
