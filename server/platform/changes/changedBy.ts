// Who changed a record last, for the 409 of a stale edit (staleEdit in http/apiError.ts) to name them.
import { sql } from 'kysely';
import type { Executor } from '../entities/entityRecord';

/** Who made a row's current version, as its `updated_by` names them (null: not known, or the row is gone). */
export async function lastChangedBy(db: Executor, table: string, id: number): Promise<string | null> {
  const { rows } = await sql<{ by: string | null }>`
    SELECT updated_by AS by FROM ${sql.table(table)} WHERE id = ${id}`.execute(db);
  return rows[0]?.by ?? null;
}

/**
 * Who made the newest entry of a record (or, without `recordId`, of any record of the area) in the
 * Änderungsverlauf: for rows that keep no `updated_by`, and for rows that are gone.
 */
export async function lastRecordedBy(db: Executor, area: string, recordId?: number): Promise<string | null> {
  const { rows } = await sql<{ by: string }>`
    SELECT actor_name AS by FROM change_record
    WHERE area = ${area} ${recordId === undefined ? sql`` : sql`AND record_id = ${recordId}`}
    ORDER BY at DESC, id DESC LIMIT 1`.execute(db);
  return rows[0]?.by ?? null;
}
