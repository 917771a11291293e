import { sql } from 'kysely';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import type { Database } from '../platform/db/database';

/** The customer's e-mail address (null when none is known); undefined when there is no such customer. */
export async function findCustomerEmail(db: Database, customerId: number) {
  return db.selectFrom('customer').select('email').where('id', '=', customerId).executeTakeFirst();
}

/** The configured sender, and the e-mail address of the caller for replies. */
export async function mailSender(db: Database, callerOid: string) {
  return db
    .selectFrom('global_settings')
    .select((eb) => [
      'mail_sender_name as name',
      'mail_sender_address as address',
      eb.selectFrom('app_user').select('email').where('azure_oid', '=', callerOid).as('userEmail'),
    ])
    .executeTakeFirst();
}

/** A mail as it was sent (or failed), for the customer's timeline. */
export interface SentMail {
  customerId: number;
  vorgangId: number | null;
  templateId: number | null;
  recipient: string;
  subject: string;
  body: string;
  error: string | null;
  via: string;
  messageId: string | null;
  /** Names and sizes of the attached files, as Admin → Postausgang shows them; null: none. */
  attachments?: string | null;
  /** The template's purpose (null: written without a template). */
  purpose?: MailPurpose | null;
  /** The message as the mail catcher rendered it (absent over SMTP). */
  raw?: string | null;
}

/** Whether `address` is stored on the customer or on an Endkunde of one of its Vorgänge (case-blind). */
export async function isAddressOnRecord(db: Database, customerId: number, address: string): Promise<boolean> {
  const found = await sql<{ hit: number }>`
    SELECT 1 AS hit FROM customer WHERE id = ${customerId} AND lower(email) = lower(${address})
    UNION ALL
    SELECT 1 FROM vorgang v JOIN end_customer e ON e.id = v.end_customer_id
    WHERE v.customer_id = ${customerId} AND lower(e.email) = lower(${address})
    LIMIT 1`.execute(db);
  return found.rows.length > 0;
}
