import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** What a sync did to one row. */
export type RowOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Inserts a row, or updates the row with the same key only where a value differs: running the same data
 * again changes nothing (no new version, no new timestamp).
 */
export async function upsertRow(
  db: Database,
  table: string,
  key: readonly string[],
  values: Record<string, unknown>,
  audit: { by: string } | null,
): Promise<RowOutcome> {
  const columns = Object.keys(values);
  const changing = columns.filter((c) => !key.includes(c));
  const insertColumns = [...columns, ...(audit ? ['updated_by'] : [])];
  const insertValues = [...columns.map((c) => values[c]), ...(audit ? [audit.by] : [])];
  const target = sql.table(table);
  const assignments = [
    ...changing.map((c) => sql`${sql.ref(c)} = EXCLUDED.${sql.ref(c)}`),
    sql`version = ${target}.version + 1`,
    ...(audit ? [sql`updated_at = now()`, sql`updated_by = EXCLUDED.updated_by`] : []),
  ];
  const current = sql.join(changing.map((c) => sql`${target}.${sql.ref(c)}`));
  const incoming = sql.join(changing.map((c) => sql`EXCLUDED.${sql.ref(c)}`));
  const result = await sql<{ created: boolean }>`
    INSERT INTO ${target} (${sql.join(insertColumns.map((c) => sql.ref(c)))})
    VALUES (${sql.join(insertValues.map((v) => sql`${v}`))})
    ON CONFLICT (${sql.join(key.map((c) => sql.ref(c)))}) DO UPDATE SET ${sql.join(assignments)}
    WHERE ROW(${current}) IS DISTINCT FROM ROW(${incoming})
    RETURNING (xmax = 0) AS created`.execute(db);
  const row = result.rows[0];
  if (!row) return 'unchanged';
  return row.created ? 'created' : 'updated';
}
