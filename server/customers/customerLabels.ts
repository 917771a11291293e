import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Executor } from '../platform/entities/entityRepository';
import { badRequest } from '../platform/http/apiError';
import { companyToday } from '../../src/config/companyTime';

/**
 * Gives a customer labels they do not have yet, each due its label's "fällig nach" days after the company's
 * today (in `timeZone`, not the database's: after midnight in Vienna it is still yesterday in UTC); labels
 * the customer already has keep their due date. Returns the names of the labels actually added.
 */
export async function addCustomerLabels(
  trx: Executor,
  customerId: number,
  labelIds: readonly number[],
  caller: Caller,
  timeZone: string,
): Promise<string[]> {
  if (!labelIds.length) return [];
  const { rows: unusable } = await sql<{ name: string }>`
    SELECT name FROM label
    WHERE id = ANY(${[...labelIds]}::int[]) AND NOT (for_customer AND active)
      AND NOT EXISTS (SELECT 1 FROM customer_label c WHERE c.customer_id = ${customerId} AND c.label_id = label.id)`.execute(
    trx,
  );
  if (unusable.length) {
    throw badRequest(`Das Label „${unusable[0]!.name}“ kann Kunden nicht (mehr) gegeben werden.`);
  }
  const { rows } = await sql<{ name: string }>`
    WITH added AS (
      INSERT INTO customer_label (customer_id, label_id, due_date, added_by)
      SELECT ${customerId}, l.id, ${companyToday(timeZone)}::date + l.due_after_days, ${caller.name}
      FROM label l WHERE l.id = ANY(${[...labelIds]}::int[])
      ON CONFLICT DO NOTHING
      RETURNING label_id)
    SELECT l.name FROM added JOIN label l ON l.id = added.label_id ORDER BY lower(l.name)`.execute(trx);
  return rows.map((row) => row.name);
}

/** Makes the customer's labels exactly these: removes the others, adds the new ones with their due dates. */
export async function setCustomerLabels(
  trx: Executor,
  customerId: number,
  labelIds: readonly number[],
  caller: Caller,
  timeZone: string,
): Promise<void> {
  await sql`DELETE FROM customer_label WHERE customer_id = ${customerId} AND NOT (label_id = ANY(${[...labelIds]}::int[]))`.execute(
    trx,
  );
  await addCustomerLabels(trx, customerId, labelIds, caller, timeZone);
}

/**
 * The labels an activity reason carries, added to the customer (the client's path
 * kunde/updateCustomerLabelsForActivityReason).
 */
export async function addLabelsOfReason(
  trx: Executor,
  customerId: number,
  reasonId: number,
  caller: Caller,
  timeZone: string,
): Promise<string[]> {
  const { rows } = await sql<{ labelId: number }>`
    SELECT rl.label_id AS "labelId" FROM reason_option_label rl JOIN label l ON l.id = rl.label_id
    WHERE rl.reason_id = ${reasonId} AND l.active AND l.for_customer`.execute(trx);
  return addCustomerLabels(
    trx,
    customerId,
    rows.map((row) => row.labelId),
    caller,
    timeZone,
  );
}
