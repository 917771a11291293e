import { sql } from 'kysely';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

/** The customer's e-mail address (null when none is known); undefined when there is no such customer. */
export async function findCustomerEmail(db: Database, customerId: number) {
  return db.selectFrom('customer').select('email').where('id', '=', customerId).executeTakeFirst();
}

/** The configured sender, and the e-mail address of the caller for replies. */
export async function mailSender(db: Database, callerOid: string) {
  const { rows: settings } = await sql<{
    name: string | null;
    address: string | null;
    userEmail: string | null;
  }>`
    SELECT g.mail_sender_name AS name, g.mail_sender_address AS address,
           (SELECT email FROM app_user WHERE azure_oid = ${callerOid}) AS "userEmail"
    FROM global_settings g`.execute(db);
  return settings[0];
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

/** Keeps a sent (or failed) mail; returns its id. */
export async function recordSentMail(db: Database, caller: Caller, mail: SentMail): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO sent_mail (customer_id, vorgang_id, template_id, sender_oid, sender_name, recipient, subject, body,
                           status, error, delivered_via, message_id, attachments, purpose, raw_message, updated_by)
    VALUES (${mail.customerId}, ${mail.vorgangId}, ${mail.templateId}, ${caller.oid}, ${caller.name},
            ${mail.recipient}, ${mail.subject}, ${mail.body}, ${mail.error ? 'fehler' : 'gesendet'}, ${mail.error}, ${mail.via},
            ${mail.messageId}, ${mail.attachments ?? null}, ${mail.purpose ?? null}, ${mail.raw ?? null}, ${caller.name})
    RETURNING id`.execute(db);
  return rows[0]!.id;
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
