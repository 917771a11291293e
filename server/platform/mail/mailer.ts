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
}

/** Sends mails to customers: over SMTP when SMTP_URL is set, else into the built-in mail catcher. */
export interface Mailer {
  /** "smtp" or "mailcatcher": where mails go, kept with each sent mail. */
  readonly via: 'smtp' | 'mailcatcher';
  /** Sends one mail; the mail catcher also answers the message it rendered (`raw`, headers and all). */
  send(mail: OutgoingMail): Promise<{ messageId: string; raw?: string }>;
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
  return {
    via: smtpUrl ? 'smtp' : 'mailcatcher',
    async send({ unsubscribe, ...mail }) {
      const info = await transport.sendMail({
        ...mail,
        ...(unsubscribe
          ? {
              list: { unsubscribe },
              headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
            }
          : {}),
      });
      const rendered = (info as { message?: unknown }).message;
      return {
        messageId: info.messageId,
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
