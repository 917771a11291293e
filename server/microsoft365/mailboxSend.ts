import type { MailboxTransport } from '../platform/mail/mailer';
import { isConnectionLost } from './mailboxTokens';
import type { Microsoft365Context } from './microsoft365Context';

/**
 * Mails of the outbox from the sender's own mailbox (Graph `sendMail` with the rendered MIME, saved to their
 * Gesendete Elemente), for people whose connection works and was granted Mail.Send; everyone else's go over SMTP.
 * The outbox keeps one sender to 30 mails a minute across all instances, which is Graph's limit per mailbox; a
 * 429 (mails the person sent from Outlook count too) is waited out by the Graph client, then retried by the outbox.
 * A connection lost before the call (revoked consent) sends that mail over SMTP rather than failing it.
 */
export function mailboxTransport(context: Microsoft365Context): MailboxTransport {
  const connectionOf = async (senderOid: string) => {
    const row = await context.db
      .selectFrom('m365_connection as c')
      .innerJoin('app_user as u', 'u.id', 'c.user_id')
      .select(['c.user_id as userId', 'c.mailbox', 'c.scopes', 'u.name'])
      .where('u.azure_oid', '=', senderOid)
      .where('c.status', '=', 'verbunden')
      .executeTakeFirst();
    // Entra names a granted scope with or without Graph's address in front.
    return row?.scopes.some((scope) => /(^|\/)Mail\.Send$/i.test(scope)) ? row : undefined;
  };
  return {
    async mailboxOf(senderOid) {
      const row = await connectionOf(senderOid);
      return row?.mailbox ? { name: row.name, address: row.mailbox } : null;
    },
    async sendMime(senderOid, mime) {
      const row = await connectionOf(senderOid);
      if (!row) return false;
      try {
        await context.graph
          .forUser(row.userId)
          .api('/me/sendMail')
          .header('Content-Type', 'text/plain')
          .post(mime.toString('base64'));
        return true;
      } catch (error) {
        // No token (revoked, expired: marked "erneuern" for the person to see): Graph never had the mail.
        if (isConnectionLost(error)) return false;
        throw error;
      }
    },
  };
}
