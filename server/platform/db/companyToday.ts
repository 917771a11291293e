import { sql } from 'kysely';
import type { Database } from './database';

// Shared by todos, dashboard, activities and sales planning: the day as the database sees it.
/** The company's today (yyyy-MM-dd) at `now`, computed by the database in the tenant's zone. */
export async function companyTodayInDb(db: Database, zone: string, now: Date = new Date()): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    SELECT ((${now.toISOString()}::timestamptz) AT TIME ZONE ${zone})::date AS today`.execute(db);
  return rows[0]!.today;
}
