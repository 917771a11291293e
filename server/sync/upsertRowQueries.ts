import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { recordSyncedRow, type SyncedRowOwner } from './syncChanges';

/** What a sync did to one row. */
export type RowOutcome = 'created' | 'updated' | 'unchanged';

/**
 * Inserts a row, or updates the row with the same key only where a value differs: running the same data
 * again changes nothing (no new version, no new timestamp). Each created or changed row is recorded in the
 * Änderungsverlauf as the data sync's (`db` is the row's transaction, so both stay or go together).
 */
export async function upsertRow(
  db: Database,
  table: string,
  key: readonly string[],
  values: Record<string, unknown>,
  audit: { by: string } | null,
  owner?: SyncedRowOwner,
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
  // The row as it was (the statement's snapshot, before its own insert or update) for the Änderungsverlauf.
  const keyMatch = sql.join(
    key.map((c) => sql`o.${sql.ref(c)} = ${values[c]}`),
    sql` AND `,
  );
  const result = await sql<{
    created: boolean;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> & { id: number };
  }>`
    WITH old AS (SELECT to_jsonb(o) AS row FROM ${target} o WHERE ${keyMatch})
    INSERT INTO ${target} (${sql.join(insertColumns.map((c) => sql.ref(c)))})
    VALUES (${sql.join(insertValues.map((v) => sql`${v}`))})
    ON CONFLICT (${sql.join(key.map((c) => sql.ref(c)))}) DO UPDATE SET ${sql.join(assignments)}
    WHERE ROW(${current}) IS DISTINCT FROM ROW(${incoming})
    RETURNING (xmax = 0) AS created, (SELECT row FROM old) AS before, to_jsonb(${target}.*) AS after`.execute(
    db,
  );
  const row = result.rows[0];
  if (!row) return 'unchanged';
  await recordSyncedRow(db, table, columns, row.before, row.after, owner);
  return row.created ? 'created' : 'updated';
}
