import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';

/** Who made version `version` of the Vorgang, and whether it was a move on the board (its history or board). */
export async function whoMadeVersion(trx: Executor, id: number, version: number) {
  const { rows } = await sql<{ moved: boolean; by: string | null }>`
    SELECT * FROM (
      SELECT via = 'board' AS moved, changed_by AS by, 1 AS rank, id FROM vorgang_event
      WHERE vorgang_id = ${id} AND version = ${version}
      UNION ALL
      SELECT true, moved_by, 2, id FROM kanban_event WHERE vorgang_id = ${id} AND version = ${version}
    ) made ORDER BY rank, id DESC LIMIT 1`.execute(trx);
  return rows[0];
}
