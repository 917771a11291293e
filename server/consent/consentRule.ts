import { sql, type RawBuilder } from 'kysely';
import { NO_CONSENT_REASON, type MailPurpose } from '../../src/resources/consent/consent.rules';
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

/**
 * The consent rule of mails to customers, the one place it is decided: why a mail of `purpose` may not go to
 * customer `customerId`, in German (for the bulk report, the dialog and the Postausgang), or null when it may.
 * A Service/Vertrag mail (and one written without a template) always may; a Werbung mail only while the
 * customer's consent is on record. Every path that sends a template's mail asks it: the mail dialog, the NPS
 * survey, the bulk job, and the Postausgang again at the moment a queued mail leaves (consent withdrawn in
 * between stops it). A new path that sends (e.g. an automation) queues its mail with its purpose in the
 * Postausgang (`queueMail`), which applies this rule and adds the unsubscribe link, or asks this itself.
 */
export async function consentRefusal(
  db: Database,
  customerId: number,
  purpose: MailPurpose | null,
): Promise<string | null> {
  if (purpose !== 'werbung') return null;
  const { rows } = await sql<{ given: boolean }>`
    SELECT ${werbungConsentGiven(sql`${customerId}::int`)} AS given`.execute(db);
  return rows[0]?.given ? null : NO_CONSENT_REASON;
}
