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

/** Empties the tables (in the order given), their id sequences from 1 again. */
export async function truncateTables(db: Database, tables: readonly string[]): Promise<void> {
  await sql`TRUNCATE ${sql.join(tables.map((t) => sql.table(t)))} RESTART IDENTITY CASCADE`.execute(db);
}

/** Lets the table's id sequence continue after its highest id (after rows inserted with their ids). */
export async function continueIdsAfterMax(db: Database, table: string): Promise<void> {
  await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${sql.table(table)}), false)`.execute(
    db,
  );
}

/** Statistics and visibility maps for every table now, not from autovacuum in the first minutes of use. */
export async function vacuumAnalyze(db: Database): Promise<void> {
  await sql`VACUUM (ANALYZE)`.execute(db);
}

/** A consent record for each customer with the consent tick, given on the day they became a customer. */
export async function insertDemoConsents(db: Database, zone: string): Promise<void> {
  await sql`INSERT INTO customer_consent (customer_id, granted, source, given_on, recorded_at, recorded_by_name)
    SELECT id, true, (ARRAY['schriftlich', 'webformular', 'email', 'muendlich'])[1 + id % 4],
      (created_at AT TIME ZONE ${zone})::date,
      created_at, 'Demodaten'
    FROM customer WHERE newsletter_consent ORDER BY id`.execute(db);
}

/** The customers to plant copies of, with the columns a copy takes. */
export async function customersToCopy(db: Database, ids: number[]) {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT id, customer_type, salutation, title, first_name, last_name, company_name, street, zip, city, country,
      phone, mobile, email, branch_id, owner_user_id, origin, newsletter_consent, created_at, updated_at, updated_by,
      customer_number
    FROM customer WHERE id IN (${sql.join(ids)}) ORDER BY id`.execute(db);
  return rows;
}
