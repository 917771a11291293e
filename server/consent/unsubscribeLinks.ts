import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../platform/db/database';

/** A new unguessable token for an unsubscribe link (256 random bits, URL-safe). */
const newToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, so a copy of the table unsubscribes nobody. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The two addresses of one Werbung mail's unsubscribe link. */
export interface UnsubscribeLink {
  /** The page the mail's text links to (`/abmelden/<token>`): one click there withdraws. */
  page: string;
  /** The address the `List-Unsubscribe` header names; a mail program POSTs to it (RFC 8058), no page. */
  oneClick: string;
}

/**
 * A new unsubscribe link for a Werbung mail to customer `customerId` (and the mail it goes with, when it is
 * already recorded). Only the token's hash is stored; the link works as long as the customer exists.
 */
export async function issueUnsubscribeLink(
  db: Database,
  publicUrl: string,
  customerId: number,
  sentMailId: number | null,
): Promise<UnsubscribeLink & { hash: string }> {
  const token = newToken();
  const hash = tokenHash(token);
  await db
    .insertInto('unsubscribe_token')
    .values({ token_hash: hash, customer_id: customerId, sent_mail_id: sentMailId })
    .execute();
  const base = publicUrl.replace(/\/$/, '');
  return { page: `${base}/abmelden/${token}`, oneClick: `${base}/api/abmelden/${token}`, hash };
}

/** Ties a link issued before its mail was recorded (the dialog sends first) to that mail. */
export async function linkToMail(db: Database, hash: string, sentMailId: number): Promise<void> {
  await db
    .updateTable('unsubscribe_token')
    .set({ sent_mail_id: sentMailId })
    .where('token_hash', '=', hash)
    .execute();
}

/** The customer and mail of a token, or undefined for a token nobody issued. */
export async function findUnsubscribeToken(db: Database, token: string) {
  return db
    .selectFrom('unsubscribe_token')
    .select(['customer_id as customerId', 'sent_mail_id as sentMailId'])
    .where('token_hash', '=', tokenHash(token))
    .executeTakeFirst();
}

/** Notes the first use of a token (a repeat keeps the first moment). */
export async function markUsed(db: Database, token: string): Promise<void> {
  await db
    .updateTable('unsubscribe_token')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .execute();
}
