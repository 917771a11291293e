import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { RATE_LIMITS } from '../platform/http/rateLimits';
import { QueueWorker } from '../platform/jobs/queueWorker';
import { mailFailureReason, type Mailer } from '../platform/mail/mailer';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import { consentRefusal } from '../consent/consentRule';
import { mailSender } from './mailQueries';
import { werbungDelivery } from './werbungMail';

/** How often an idle instance looks for waiting mails. */
const POLL_MS = 2_000;
/** Mails sent before the worker gives the event loop back (requests of this instance go first). */
const BATCH = 10;
/** Tries per mail; after the last failed one it is kept as 'fehler' with the reason. */
export const MAX_ATTEMPTS = 3;
/** The wait after the n-th failed try before the next (a mail server that is down for a moment). */
const RETRY_AFTER_MINUTES = [1, 5];

interface WaitingMail {
  id: number;
  customerId: number | null;
  purpose: MailPurpose | null;
  senderOid: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/**
 * Sends the Postausgang's waiting mails (those a bulk job queued), on whichever instance gets there: each is
 * claimed with FOR UPDATE SKIP LOCKED and sent in its own transaction, so no mail leaves twice from two
 * instances and a mail a stopped instance left behind is sent by the next. A sender's mails leave at most at
 * the person's mail limit per minute (the limit a seller has when sending one by one), counted in the
 * database across instances; a failed try is repeated later, the last failure is kept with its reason.
 * An advertising mail is checked against the consent rule at the moment it leaves (consent withdrawn since it
 * was queued stops it, kept as not sent with the reason) and leaves with its own unsubscribe link and the
 * `List-Unsubscribe` headers.
 */
export class MailOutbox extends QueueWorker {
  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    log: FastifyBaseLogger,
    private readonly publicUrl: string,
  ) {
    super(log, { pollMs: POLL_MS, batch: BATCH, failureMessage: 'Postausgang: Versand fehlgeschlagen' });
  }

  /** Claims one due mail whose sender is within the limit and sends it; false when none is left. */
  protected async takeOne(): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<WaitingMail>`
        SELECT m.id, m.customer_id AS "customerId", m.purpose, m.sender_oid AS "senderOid", m.recipient,
          m.subject, m.body, m.attempts
        FROM sent_mail m
        WHERE m.status = 'wartend' AND (m.next_attempt_at IS NULL OR m.next_attempt_at <= now())
          AND (SELECT count(*) FROM sent_mail s
               WHERE s.sender_oid = m.sender_oid AND s.status <> 'wartend'
                 AND s.sent_at > now() - interval '1 minute') < ${RATE_LIMITS.mail}
        ORDER BY m.id
        LIMIT 1 FOR UPDATE OF m SKIP LOCKED`.execute(trx);
      const mail = rows[0];
      if (!mail) return false;
      const refusal =
        mail.purpose === 'werbung' && mail.customerId === null
          ? 'Der Kunde wurde gelöscht.'
          : await consentRefusal(trx, mail.customerId ?? 0, mail.purpose);
      if (refusal) {
        // Not a failure to try again: the rule said no. Kept as not sent, with the reason.
        await sql`UPDATE sent_mail SET status = 'fehler', error = ${`Nicht gesendet: ${refusal}`},
            sent_at = now(), next_attempt_at = NULL, updated_at = now()
          WHERE id = ${mail.id}`.execute(trx);
        return true;
      }
      const sender = await mailSender(trx, mail.senderOid);
      let error: string | null = null;
      let messageId: string | null = null;
      let raw: string | undefined;
      let kept = mail.body;
      if (!sender?.address) {
        error = 'Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).';
      } else {
        const werbung =
          mail.purpose === 'werbung'
            ? await werbungDelivery(trx, this.publicUrl, {
                customerId: mail.customerId!,
                sentMailId: mail.id,
                body: mail.body,
                company: sender.name,
              })
            : null;
        kept = werbung?.kept ?? kept;
        try {
          ({ messageId, raw } = await this.mailer.send({
            from: { name: sender.name || sender.address, address: sender.address },
            replyTo: sender.userEmail ?? undefined,
            to: mail.recipient,
            subject: mail.subject,
            text: werbung?.text ?? mail.body,
            unsubscribe: werbung?.unsubscribe,
          }));
        } catch (failure) {
          error = mailFailureReason(failure);
        }
      }
      if (error === null) {
        await sql`UPDATE sent_mail SET status = 'gesendet', error = NULL, message_id = ${messageId},
            delivered_via = ${this.mailer.via}, sent_at = now(), attempts = attempts + 1, next_attempt_at = NULL,
            body = ${kept}, raw_message = ${raw ?? null}, updated_at = now()
          WHERE id = ${mail.id}`.execute(trx);
        return true;
      }
      const attempts = mail.attempts + 1;
      const wait = RETRY_AFTER_MINUTES[attempts - 1];
      if (attempts >= MAX_ATTEMPTS || wait === undefined) {
        await sql`UPDATE sent_mail SET status = 'fehler', error = ${error}, attempts = ${attempts},
            delivered_via = ${this.mailer.via}, sent_at = now(), next_attempt_at = NULL, updated_at = now()
          WHERE id = ${mail.id}`.execute(trx);
      } else {
        await sql`UPDATE sent_mail SET error = ${error}, attempts = ${attempts},
            next_attempt_at = now() + make_interval(mins => ${wait}), updated_at = now()
          WHERE id = ${mail.id}`.execute(trx);
      }
      this.log.warn({ mailId: mail.id, attempts, error }, 'Postausgang: Versuch fehlgeschlagen');
      return true;
    });
  }
}
