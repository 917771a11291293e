import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** Fails when the database does not answer. */
export async function pingDatabase(db: Database) {
  await sql`SELECT 1`.execute(db);
}
