import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/database';

/**
 * Whether the customer `customerId` (an SQL expression, e.g. `sql.ref('c.id')`) has consented to advertising by
 * e-mail, as SQL: the latest consent record of purpose 'werbung' grants it; no record is no consent. The same
 * expression the rule below asks, for statements over many customers (the bulk mail's preview).
 */
export const werbungConsentGiven = (customerId: RawBuilder<unknown> | ReturnType<typeof sql.ref>) =>
  sql<boolean>`coalesce((
    SELECT k.granted FROM customer_consent k
    WHERE k.customer_id = ${customerId} AND k.purpose = 'werbung'
    ORDER BY k.id DESC LIMIT 1), false)`;

/** Whether customer `customerId` has consented to advertising by e-mail now (the rule above). */
export async function consentGiven(db: Database, customerId: number): Promise<boolean> {
  const { rows } = await sql<{ given: boolean }>`
    SELECT ${werbungConsentGiven(sql`${customerId}::int`)} AS given`.execute(db);
  return rows[0]?.given ?? false;
}

/** Whether the customer has consented to advertising by e-mail now (the rule's own SQL); undefined: no customer. */
export async function consentNow(db: Database, customerId: number, lock = false) {
  const { rows } = await sql<{ granted: boolean }>`
    SELECT ${werbungConsentGiven(sql.ref('c.id'))} AS granted FROM customer c WHERE c.id = ${customerId}
    ${lock ? sql`FOR UPDATE` : sql``}`.execute(db);
  return rows[0]?.granted;
}
