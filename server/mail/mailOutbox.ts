import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { RATE_LIMITS } from '../platform/http/rateLimits';
import { defineJob } from '../platform/jobs/defineJob';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { mailFailureReason } from '../platform/mail/mailer';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import { consentRefusal } from '../consent/consentRule';
import { mailSender, type SentMail } from './mailQueries';
import { giveWaitingMailsJobs, lockSenderWindow, updateMail } from './outboxQueries';
import { AttachmentFailure, makeAttachment, type AttachmentSource } from './outboxAttachment';
import { werbungDelivery } from './werbungMail';

/** Tries per mail: the first and two retries, about 1–2 and 2–4 minutes later (the library's backoff). */
export const MAX_ATTEMPTS = 3;

interface WaitingMail {
  id: number;
  customerId: number | null;
  purpose: MailPurpose | null;
  senderOid: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
  attachmentSource: AttachmentSource | null;
  hiddenFills: Record<string, string> | null;
}

/** The text as it leaves: each mask (e.g. "[persönlicher Umfrage-Link]") replaced by what it hides. */
const revealed = (text: string, fills: Record<string, string> | null) =>
  Object.entries(fills ?? {}).reduce((out, [mask, value]) => out.replaceAll(mask, value), text);

/** What became of one try. */
type Outcome =
  | { kind: 'gesendet' | 'nichts' | 'zurueckgestellt' | 'abgelehnt' }
  | { kind: 'fehler'; error: string; attempts: number };

/**
 * Sends one waiting mail of the Postausgang (one a bulk job queued), on whichever instance the library hands
 * the job to. In one transaction: the mail is locked and read as still waiting (sent meanwhile, or ended by a
 * DSGVO erasure: nothing to do), the sender's mails are counted under a lock of that sender, so across all
 * instances at most the person's mail limit leaves per minute (a mail over it waits for the next free
 * minute, as a new job); then it goes to the mail server and is marked sent. A failure is noted on the mail
 * and repeated by the library with backoff; after the last try the mail is 'fehler' with the reason, and the
 * job is kept as failed (Admin → Hintergrundaufgaben: "Erneut versuchen"). An advertising mail is checked
 * against the consent rule at the moment it leaves (consent withdrawn since it was queued stops it, kept as not
 * sent with the reason, no retry) and leaves with its own unsubscribe link and the `List-Unsubscribe` headers.
 */
export const sendMailJob = defineJob<{ mailId: number }>({
  name: 'mail.send',
  label: 'E-Mail aus dem Postausgang senden',
  retryLimit: MAX_ATTEMPTS - 1,
  retryDelaySeconds: 60,
  describe: ({ mailId }) => `Mail Nr. ${mailId} im Postausgang`,
  run: async ({ mailId }, { app, jobId, lastTry }) => {
    const outcome = await app.db.transaction().execute((trx) => sendOne(app, trx, mailId, jobId, lastTry));
    if (outcome.kind === 'fehler') {
      app.log.warn(
        { mailId, attempts: outcome.attempts, error: outcome.error },
        'Postausgang: Versuch fehlgeschlagen',
      );
      throw new Error(outcome.error);
    }
    return outcome;
  },
  // "Erneut versuchen" of a failed mail: waiting again, unless it was ended otherwise meanwhile (an erasure
  // takes the mail from its job).
  beforeRetry: async ({ mailId }, { db, jobId }) => {
    const result = await db
      .updateTable('sent_mail')
      .set((eb) => ({ status: 'wartend', error: null, updated_at: eb.fn<Date>('now') }))
      .where('id', '=', mailId)
      .where('job_id', '=', jobId)
      .where('status', '=', 'fehler')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  },
});

async function sendOne(
  app: FastifyInstance,
  trx: Database,
  mailId: number,
  jobId: string,
  lastTry: boolean,
): Promise<Outcome> {
  const mail = (await trx
    .selectFrom('sent_mail')
    .select([
      'id',
      'customer_id as customerId',
      'purpose',
      'sender_oid as senderOid',
      'recipient',
      'subject',
      'body',
      'attempts',
      'attachment_source as attachmentSource',
      'hidden_fills as hiddenFills',
    ])
    .where('id', '=', mailId)
    .where('status', '=', 'wartend')
    .forUpdate()
    .executeTakeFirst()) as WaitingMail | undefined;
  if (!mail) return { kind: 'nichts' };
  const window = await lockSenderWindow(trx, mail.senderOid);
  if (window.sent >= RATE_LIMITS.mail) {
    const later = window.freeAt ?? new Date(Date.now() + 60_000);
    const next = randomUUID();
    await app.jobs.send(sendMailJob, { mailId }, { db: trx, startAfter: later, id: next });
    await updateMail(trx, mail.id, { job_id: next, next_attempt_at: later });
    return { kind: 'zurueckgestellt' };
  }
  const refusal =
    mail.purpose === 'werbung' && mail.customerId === null
      ? 'Der Kunde wurde gelöscht.'
      : await consentRefusal(trx, mail.customerId ?? 0, mail.purpose);
  if (refusal) {
    // Not a failure to try again: the rule said no. Kept as not sent, with the reason.
    await updateMail(
      trx,
      mail.id,
      {
        status: 'fehler',
        error: `Nicht gesendet: ${refusal}`,
        next_attempt_at: null,
        job_id: jobId,
        hidden_fills: null,
      },
      { sentNow: true },
    );
    return { kind: 'abgelehnt' };
  }
  const sender = await mailSender(trx, mail.senderOid);
  let error: string | null = null;
  let messageId: string | null = null;
  let raw: string | undefined;
  let via: string = app.mailer.via;
  let kept = mail.body;
  let attachment: Awaited<ReturnType<typeof makeAttachment>> | null = null;
  if (!sender?.address) {
    error = 'Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).';
  } else {
    const werbung =
      mail.purpose === 'werbung'
        ? await werbungDelivery(trx, app.publicUrl, {
            customerId: mail.customerId!,
            sentMailId: mail.id,
            body: mail.body,
            company: sender.name,
          })
        : null;
    kept = werbung?.kept ?? kept;
    try {
      attachment = mail.attachmentSource && (await makeAttachment(app, mail.attachmentSource));
      ({ messageId, raw, via } = await app.mailer.send({
        senderOid: mail.senderOid,
        from: { name: sender.name || sender.address, address: sender.address },
        replyTo: sender.userEmail ?? undefined,
        to: mail.recipient,
        subject: mail.subject,
        text: revealed(werbung?.text ?? mail.body, mail.hiddenFills),
        attachments: attachment ? [attachment.file] : undefined,
        unsubscribe: werbung?.unsubscribe,
      }));
    } catch (failure) {
      error = failure instanceof AttachmentFailure ? failure.message : mailFailureReason(failure);
    }
  }
  const attempts = mail.attempts + 1;
  if (error === null) {
    await updateMail(
      trx,
      mail.id,
      {
        status: 'gesendet',
        error: null,
        message_id: messageId,
        delivered_via: via,
        attempts,
        next_attempt_at: null,
        body: kept,
        raw_message: raw ?? null,
        job_id: jobId,
        hidden_fills: null,
        ...(attachment ? { attachments: attachment.label } : {}),
      },
      { sentNow: true },
    );
    return { kind: 'gesendet' };
  }
  const failed = lastTry ? { status: 'fehler', delivered_via: app.mailer.via } : { status: 'wartend' };
  await updateMail(
    trx,
    mail.id,
    { error, attempts, job_id: jobId, next_attempt_at: null, ...failed },
    { sentNow: lastTry },
  );
  return { kind: 'fehler', error, attempts };
}

/**
 * Puts a mail into the Postausgang as 'wartend' together with its job (in `trx`: both or neither), for the
 * outbox to send within the sender's mail limit, with retries; it shows on the customer's timeline from now
 * on. Returns its id. The outbox applies the consent rule when the mail leaves (`consentRule.ts`: a Werbung mail
 * goes only with consent on record, with its unsubscribe link and headers), so a path that queues needs no rule
 * of its own to be safe; it should still ask `consentRefusal` first to report a refusal where the person sees it.
 * `attachment` is made when the mail leaves (`attachments` names it meanwhile); `hiddenFills` maps masks in the
 * text to what only the sent mail shows (a personal link), forgotten once it is sent.
 */
export async function queueMail(
  trx: Database,
  jobs: JobQueue,
  caller: Caller,
  mail: Pick<SentMail, 'vorgangId' | 'templateId' | 'recipient' | 'subject' | 'body'> & {
    /** null: a mail to a person of the company (the notifications' digest), on no customer's timeline. */
    customerId: number | null;
    bulkJobId: number | null;
    purpose: MailPurpose | null;
    attachment?: { source: AttachmentSource; label: string };
    hiddenFills?: Record<string, string>;
  },
): Promise<number> {
  const jobId = randomUUID();
  const { id } = await trx
    .insertInto('sent_mail')
    .values({
      customer_id: mail.customerId,
      vorgang_id: mail.vorgangId,
      template_id: mail.templateId,
      sender_oid: caller.oid,
      sender_name: caller.name,
      recipient: mail.recipient,
      subject: mail.subject,
      body: mail.body,
      status: 'wartend',
      bulk_job_id: mail.bulkJobId,
      job_id: jobId,
      purpose: mail.purpose,
      updated_by: caller.name,
      attachments: mail.attachment?.label ?? null,
      attachment_source: mail.attachment ? JSON.stringify(mail.attachment.source) : null,
      hidden_fills: mail.hiddenFills ? JSON.stringify(mail.hiddenFills) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await jobs.send(sendMailJob, { mailId: id }, { db: trx, id: jobId });
  return id;
}

/**
 * Gives the waiting mails without a job (queued by the previous release during a rolling update) one each.
 * Every minute, once across all instances; a mail the previous release is sending right now is locked, and
 * sent when its lock is free.
 */
export const adoptWaitingMails = defineJob({
  name: 'mail.adoptWaiting',
  label: 'Wartende Mails der Vorversion übernehmen',
  schedule: '* * * * *',
  policy: 'singleton',
  run: async (_data, { app }) =>
    app.db.transaction().execute(async (trx) => {
      const rows = await giveWaitingMailsJobs(trx);
      for (const row of rows) {
        await app.jobs.send(sendMailJob, { mailId: row.id }, { db: trx, id: row.jobId });
      }
      return rows.length;
    }),
});
