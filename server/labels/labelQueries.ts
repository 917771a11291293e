import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

export interface LabelRow {
  name: string;
  forCustomer: boolean;
  active: boolean;
  dueAfterDays: number | null;
}

/** The label with this id, or undefined. */
export async function findLabel(db: Database, id: number): Promise<LabelRow | undefined> {
  return db
    .selectFrom('label')
    .select(['name', 'for_customer as forCustomer', 'active', 'due_after_days as dueAfterDays'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** How many customers there are, and how many of them have the label. */
export async function labelCounts(db: Database, id: number) {
  const { rows } = await sql<{ customers: number; alreadyLabelled: number }>`
    SELECT (SELECT count(*) FROM customer)::int AS customers,
           (SELECT count(*) FROM customer_label WHERE label_id = ${id})::int AS "alreadyLabelled"`.execute(
    db,
  );
  return rows[0]!;
}

/** Gives the label to every customer who lacks it, due after `dueAfterDays`; returns how many got it. */
export async function giveLabelToAllCustomers(
  db: Database,
  id: number,
  dueAfterDays: number | null,
  addedBy: string,
  zone: string,
): Promise<number> {
  // One statement: customers who already have it keep their own due date; a rerun adds nothing.
  const inserted = await sql`
    INSERT INTO customer_label (customer_id, label_id, due_date, added_by)
    SELECT c.id, ${id}, CASE WHEN ${dueAfterDays}::int IS NULL THEN NULL
                             ELSE (now() AT TIME ZONE ${zone})::date + ${dueAfterDays}::int END,
           ${addedBy}
    FROM customer c
    ON CONFLICT (customer_id, label_id) DO NOTHING`.execute(db);
  return Number(inserted.numAffectedRows ?? 0);
}
