import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Snapshot } from './recordChange';

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * A row of a table no entity declares, as the Änderungsverlauf compares it: its columns by camelCase name,
 * without `omit` (derived columns such as search texts, which nobody changes by hand). Null when absent.
 */
export async function rowSnapshot(
  trx: Database | Kysely<unknown>,
  table: string,
  where: Record<string, unknown>,
  omit: readonly string[] = [],
): Promise<Snapshot | null> {
  const conditions = Object.entries(where).map(([column, value]) => sql`t.${sql.ref(column)} = ${value}`);
  const { rows } = await sql<{ row: Record<string, unknown> }>`
    SELECT to_jsonb(t) AS row FROM ${sql.table(table)} t WHERE ${sql.join(conditions, sql` AND `)}`.execute(
    trx,
  );
  const row = rows[0]?.row;
  if (!row) return null;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([column]) => !omit.includes(column))
      .map(([column, value]) => [camel(column), value]),
  );
}
