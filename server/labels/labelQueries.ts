import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { ChangeActor } from '../platform/changes/recordChange';
import customerEntity from '../../src/resources/customers/customer.entity';

const CUSTOMER_AREA = customerEntity.name;

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

/**
 * Gives the label to every customer who lacks it, due after `dueAfterDays`; returns how many got it. Each
 * customer who got it gets its row in the Änderungsverlauf (Labels before → after) in the same statement.
 */
export async function giveLabelToAllCustomers(
  db: Database,
  id: number,
  dueAfterDays: number | null,
  actor: ChangeActor,
  zone: string,
): Promise<number> {
  // One statement: customers who already have it keep their own due date; a rerun adds nothing. The history's
  // "before" reads the labels as they were when the statement began (a CTE's insert is not visible to it).
  const { rows } = await sql<{ added: number }>`
    WITH added AS (
      INSERT INTO customer_label (customer_id, label_id, due_date, added_by)
      SELECT c.id, ${id}, CASE WHEN ${dueAfterDays}::int IS NULL THEN NULL
                               ELSE (now() AT TIME ZONE ${zone})::date + ${dueAfterDays}::int END,
             ${actor.name}
      FROM customer c
      ON CONFLICT (customer_id, label_id) DO NOTHING
      RETURNING customer_id),
    recorded AS (
      INSERT INTO change_record (actor_oid, actor_name, area, record_id, action, changes, customer_id)
      SELECT ${actor.oid}, ${actor.name}, ${CUSTOMER_AREA}, a.customer_id, 'update',
        jsonb_build_object('labelIds', jsonb_build_object('old', to_jsonb(had.ids),
          'new', to_jsonb(ARRAY(SELECT x FROM unnest(had.ids || ${id}::int) x ORDER BY x)))),
        a.customer_id
      FROM added a CROSS JOIN LATERAL (
        SELECT ARRAY(SELECT cl.label_id FROM customer_label cl WHERE cl.customer_id = a.customer_id ORDER BY 1) AS ids
      ) had
      RETURNING 1)
    SELECT count(*)::int AS added FROM recorded`.execute(db);
  return rows[0]?.added ?? 0;
}
