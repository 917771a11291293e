import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: { name: string; address: string };
  replyTo?: string;
  to: string;
  subject: string;
  text: string;
  /** Files sent along, e.g. the simplified offer as PDF. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /**
   * The one-click unsubscribe address of an advertising mail: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so a mail program offers "Abmelden" and
   * POSTs there without opening a page. (RFC 8058 also wants both headers under the DKIM signature: the
   * outgoing mail server's signing must cover them.)
   */
  unsubscribe?: string;
  /**
   * The person the mail is sent for (their Entra oid): with a mailbox of their own connected (`MailboxTransport`),
   * it leaves from that mailbox, from their address, instead of over SMTP.
   */
  senderOid?: string;
}

/** Where a mail went: the SMTP server, the built-in catcher, or the sender's own mailbox (Microsoft Graph). */
export type MailVia = 'smtp' | 'mailcatcher' | 'graph';

/**
 * A person's own mailbox as a way out (the Microsoft 365 area registers it): the message is rendered here, as for
 * SMTP, and handed over whole (MIME), so headers such as List-Unsubscribe stay as they are.
 */
export interface MailboxTransport {
  /** The sender's connected mailbox that may send (null: none, or not usable now: SMTP as without it). */
  mailboxOf(senderOid: string): Promise<{ name: string; address: string } | null>;
  /**
   * Sends the rendered message from that mailbox (it lands in its Gesendete Elemente). False: the mailbox turned
   * out unusable before anything was sent (consent revoked); the mail then goes over SMTP in the same try.
   */
  sendMime(senderOid: string, mime: Buffer): Promise<boolean>;
}

/** Sends mails to customers: over SMTP when SMTP_URL is set, else into the built-in mail catcher. */
export interface Mailer {
  /** "smtp" or "mailcatcher": where mails go when the sender has no mailbox of their own connected. */
  readonly via: 'smtp' | 'mailcatcher';
  /** Sends one mail; answers where it went and the rendered message where it was rendered (`raw`). */
  send(mail: OutgoingMail): Promise<{ messageId: string; raw?: string; via: MailVia }>;
  /** Lets mails of people with a connected mailbox leave from there (one transport per instance). */
  useMailbox(transport: MailboxTransport): void;
}

/**
 * The catcher renders the complete message (so a broken address or header still fails as it would over
 * SMTP) but sends nothing: the mail is kept in the database (its rendered source in `sent_mail.raw_message`)
 * and Admin → Postausgang shows it.
 */
export function createMailer(smtpUrl?: string): Mailer {
  const transport = smtpUrl
    ? nodemailer.createTransport(smtpUrl, {})
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  if (smtpUrl) {
    const options = transport.options as {
      connectionTimeout?: number;
      greetingTimeout?: number;
      socketTimeout?: number;
    };
    // A seller waits for the answer: an unreachable server must fail in seconds, not minutes.
    Object.assign(options, { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }
  const render = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const via = smtpUrl ? 'smtp' : 'mailcatcher';
  let mailbox: MailboxTransport | null = null;
  const message = ({ unsubscribe, senderOid: _sender, ...mail }: OutgoingMail) => ({
    ...mail,
    ...(unsubscribe
      ? {
          list: { unsubscribe },
          headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  });
  return {
    via,
    useMailbox(transport) {
      mailbox = transport;
    },
    async send(mail) {
      const own = mail.senderOid && mailbox ? await mailbox.mailboxOf(mail.senderOid) : null;
      if (own && mailbox && mail.senderOid) {
        // From the person's own address (a mailbox may only send as itself); replies reach them directly.
        const info = await render.sendMail(message({ ...mail, from: own, replyTo: undefined }));
        const mime = (info as { message?: unknown }).message as Buffer;
        if (await mailbox.sendMime(mail.senderOid, mime)) {
          return { messageId: info.messageId, raw: mime.toString('utf8'), via: 'graph' };
        }
      }
      const info = await transport.sendMail(message(mail));
      const rendered = (info as { message?: unknown }).message;
      return {
        messageId: info.messageId,
        via,
        ...(Buffer.isBuffer(rendered) ? { raw: rendered.toString('utf8') } : {}),
      };
    },
  };
}

const REASONS: Record<string, string> = {
  ECONNECTION: 'Der Mailserver ist nicht erreichbar',
  ECONNREFUSED: 'Der Mailserver ist nicht erreichbar',
  ETIMEDOUT: 'Der Mailserver antwortet nicht',
  ESOCKET: 'Die Verbindung zum Mailserver ist abgebrochen',
  EAUTH: 'Die Anmeldung am Mailserver ist fehlgeschlagen',
  EENVELOPE: 'Der Mailserver hat Absender oder Empfänger abgelehnt',
  EMESSAGE: 'Der Mailserver hat die Nachricht abgelehnt',
};

/** Why a send failed, in German for the seller, with the server's own words for the admin. */
export function mailFailureReason(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  // nodemailer reports a refused connection as a socket error; its message names the cause.
  const unreachable = /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH/.test(message ?? '');
  const reason = unreachable
    ? REASONS.ECONNREFUSED
    : (code && REASONS[code]) || 'Unbekannter Fehler beim Versand';
  return `${reason} (${message ?? code ?? 'ohne Angabe'}).`;
}
