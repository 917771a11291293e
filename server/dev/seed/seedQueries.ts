import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

const CHUNK = 2000;

/** Inserts rows (all with the same keys) in chunks of one statement each, via json_populate_recordset. */
export async function bulkInsert(
  db: Database,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]!);
  const columnList = sql.join(columns.map((c) => sql.ref(c)));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = JSON.stringify(rows.slice(start, start + CHUNK));
    await sql`INSERT INTO ${sql.table(table)} (${columnList}) SELECT ${columnList} FROM json_populate_recordset(NULL::${sql.table(table)}, ${chunk}::json)`.execute(
      db,
    );
  }
}
