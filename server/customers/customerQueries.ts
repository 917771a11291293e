import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** Marks the customer as active now (the list sorts by last activity). */
export async function touchCustomer(db: Database, customerId: number) {
  await sql`UPDATE customer SET last_activity_at = greatest(last_activity_at, now()) WHERE id = ${customerId}`.execute(
    db,
  );
}
