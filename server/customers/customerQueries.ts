import { sql, type Selectable } from 'kysely';
import type { MatchInput, matchKeys } from '../../src/resources/duplicates/duplicateScore.rules';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import type { Executor } from '../platform/entities/entityRepository';
import { orderClause, whereClause, type ListParams } from '../platform/entities/listQuery';

/** Marks the customer as active now (the list sorts by last activity). */
export async function touchCustomer(db: Database, customerId: number) {
  await db
    .updateTable('customer')
    .set((eb) => ({ last_activity_at: eb.fn<Date>('greatest', ['last_activity_at', eb.fn('now')]) }))
    .where('id', '=', customerId)
    .execute();
}

/** A customer of the Excel export: the list's columns with names for ids, days in the tenant's zone. */
export interface ExportRow {
  customerNumber: string | null;
  displayName: string;
  customerType: string;
  salutation: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  owner: string | null;
  branch: string | null;
  labels: string | null;
  volumeCents: string;
  /** Calendar days as yyyy-MM-dd, already in the company's zone (computed by PostgreSQL, not per cell in JS). */
  lastActivityDay: string | null;
  createdDay: string;
}

/** The filtered, sorted list as SQL (alias t), with the names Excel shows instead of ids and days in `zone`. */
export function exportQuery(params: ListParams, zone: string) {
  return sql<ExportRow>`
    SELECT t.customer_number AS "customerNumber", t.display_name AS "displayName",
      t.customer_type AS "customerType", t.salutation, t.street, t.zip, t.city, t.country, t.phone, t.mobile, t.email,
      u.name AS owner, b.name AS branch,
      (SELECT string_agg(l.name, ', ' ORDER BY lower(l.name)) FROM customer_label cl JOIN label l ON l.id = cl.label_id
        WHERE cl.customer_id = t.id) AS labels,
      (SELECT coalesce(sum(v.net_total_cents), 0) FROM vorgang v WHERE v.customer_id = t.id) AS "volumeCents",
      to_char(t.last_activity_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "lastActivityDay",
      to_char(t.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "createdDay"
    FROM customer t
    LEFT JOIN app_user u ON u.id = t.owner_user_id
    LEFT JOIN branch b ON b.id = t.branch_id
    ${whereClause(customerEntity, params.filter, params.callerOid)}
    ${orderClause(customerEntity, params)}`;
}

/** A new customer without Betreuer or Filiale gets its creator (by Azure oid) and the creator's branch. */
export async function giveToCreator(trx: Executor, id: number, oid: string) {
  await sql`
    UPDATE customer c
    SET owner_user_id = coalesce(c.owner_user_id, u.id), branch_id = coalesce(c.branch_id, u.branch_id)
    FROM app_user u
    WHERE c.id = ${id} AND u.azure_oid = ${oid}`.execute(trx);
}

/** Of labels `labelIds`, those the customer does not have yet and may not be given (not for customers, inactive). */
export async function labelsNotForCustomer(trx: Executor, customerId: number, labelIds: readonly number[]) {
  const { rows } = await sql<Pick<Selectable<DB['label']>, 'name'>>`
    SELECT name FROM label
    WHERE id = ANY(${[...labelIds]}::int[]) AND NOT (for_customer AND active)
      AND NOT EXISTS (SELECT 1 FROM customer_label c WHERE c.customer_id = ${customerId} AND c.label_id = label.id)`.execute(
    trx,
  );
  return rows;
}

/**
 * Gives the customer the labels it has not yet, each due its "fällig nach" days after company day `today`;
 * answers the names of those added, by name.
 */
export async function insertCustomerLabels(
  trx: Executor,
  customerId: number,
  labelIds: readonly number[],
  today: string,
  addedBy: string,
): Promise<string[]> {
  const { rows } = await sql<Pick<Selectable<DB['label']>, 'name'>>`
    WITH added AS (
      INSERT INTO customer_label (customer_id, label_id, due_date, added_by)
      SELECT ${customerId}, l.id, ${today}::date + l.due_after_days, ${addedBy}
      FROM label l WHERE l.id = ANY(${[...labelIds]}::int[])
      ON CONFLICT DO NOTHING
      RETURNING label_id)
    SELECT l.name FROM added JOIN label l ON l.id = added.label_id ORDER BY lower(l.name)`.execute(trx);
  return rows.map((row) => row.name);
}

/** A customer's labels' due days ({labelId: day}); part of what a change of labels in place changes. */
export async function labelDueDates(trx: Executor, id: number): Promise<unknown> {
  const { rows } = await sql<{ due: unknown }>`
    SELECT jsonb_object_agg(label_id, due_date) AS due FROM customer_label
    WHERE customer_id = ${id} AND due_date IS NOT NULL`.execute(trx);
  return rows[0]?.due ?? null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A customer that may be the one being typed in, with what the duplicate rule compares. */
export type Candidate = MatchInput & {
  id: number;
  displayName: string | null;
  customerNumber: string | null;
  city: string | null;
};

/**
 * Candidates for the customer being typed in: same e-mail, same phone digits, a name word at the same PLZ (the
 * match keys), or the same name at the PLZ for customers the background job has not read yet; the rule decides.
 */
export async function duplicateCandidates(
  db: Database,
  query: { excludeId?: number },
  typed: ReturnType<typeof matchKeys>,
  name: string | null,
  phoneDigits: string | null,
): Promise<Candidate[]> {
  const { rows } = await sql<Candidate>`
    SELECT id, display_name AS "displayName", customer_number AS "customerNumber", city, zip, street, country,
      company_name AS "companyName", first_name AS "firstName", last_name AS "lastName", phone, mobile, email
    FROM customer
    WHERE id IS DISTINCT FROM ${query.excludeId ?? null}::int AND (
      (${typed.email}::text IS NOT NULL AND lower(email) = ${typed.email})
      -- the trigram index on the phones' digits finds the candidates, the rule compares the parsed numbers
      OR (${phoneDigits}::text IS NOT NULL AND phone_digits LIKE ${phoneDigits ? `%${escapeLike(phoneDigits)}%` : ''})
      OR (${typed.zip}::text IS NOT NULL AND id IN (
        SELECT customer_id FROM customer_match_key
        WHERE zip = ${typed.zip} AND name_tokens && ${typed.nameTokens}::text[]))
      -- customers typed in since the background job last read them
      OR (${name}::text IS NOT NULL AND ${typed.zip}::text IS NOT NULL
          AND lower(coalesce(company_name, last_name)) = ${name} AND zip = ${typed.zip}))
    ORDER BY last_activity_at DESC NULLS LAST, id
    LIMIT 50`.execute(db);
  return rows;
}

/** Sets a Beleg position's own text at version `input.version` if it is one of the customer's; else undefined. */
export async function savePositionTextAt(
  db: Database,
  input: { customerId: number; positionId: number; version: number },
  text: string | null,
) {
  const { rows } = await sql<{ id: number; version: number; customDescription: string | null }>`
    UPDATE beleg_position p SET custom_description = ${text}, version = p.version + 1
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
    WHERE p.id = ${input.positionId} AND p.version = ${input.version} AND b.id = p.beleg_id
      AND v.customer_id = ${input.customerId}
    RETURNING p.id, p.version, p.custom_description AS "customDescription"`.execute(db);
  return rows[0];
}

/** Whether the Beleg position is on a Vorgang of the customer. */
export async function positionOfCustomer(db: Database, positionId: number, customerId: number) {
  const row = await db
    .selectFrom('beleg_position as p')
    .innerJoin('beleg as b', 'b.id', 'p.beleg_id')
    .innerJoin('vorgang as v', 'v.id', 'b.vorgang_id')
    .select('p.id')
    .where('p.id', '=', positionId)
    .where('v.customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}
