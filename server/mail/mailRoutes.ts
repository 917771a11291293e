import type { FastifyInstance } from 'fastify';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import type { Caller } from '../platform/auth/caller';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { mailFailureReason } from '../platform/mail/mailer';
import { touchCustomer } from '../customers/customerQueries';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { findCustomerEmail, isAddressOnRecord, mailSender, recordSentMail } from './mailQueries';
import { prepareMailToCustomer, sendMailToCustomer } from '../../src/resources/mail/mail.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { offerAttachment } from '../offerPdf/offerAttachment';
import { personalisedMail } from './personalisedMail';
import { looksLikeEmail } from '../../src/resources/mail/mail.rules';
import { templateFor } from '../textTemplates/textTemplateQueries';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import { consentRefusal } from '../consent/consentRule';
import { linkToMail } from '../consent/unsubscribeLinks';
import { werbungDelivery } from './werbungMail';

async function customerEmail(db: Database, customerId: number) {
  const customer = await findCustomerEmail(db, customerId);
  if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
  return customer.email;
}

/**
 * The template a draft is made from: active and meant for the caller (for all, one of their groups, or them),
 * the same rule as the list of templates they are offered and the bulk mail to a selection.
 */
async function usableTemplate(db: Database, caller: Caller, templateId: number) {
  const template = await templateFor(db, caller, templateId);
  if (!template?.active) throw notFound('Die Textvorlage wurde nicht gefunden.');
  if (!template.usable) throw forbidden('Diese Textvorlage dürfen Sie nicht verwenden.');
  return template;
}

/** An advertising template for a customer without consent: refused at the template, saying why and what helps. */
function refuseWithoutConsent(refusal: string, template: { name: string }) {
  const message = `${refusal} Die Vorlage „${template.name}“ ist Werbung und geht nur an Kunden mit Einwilligung (auf der Kundenseite unter „Werbung per E-Mail“ erfassen).`;
  return badRequest(message, { templateId: message });
}

/**
 * E-mails to a customer from text templates (the client's path mail/sendMailToCustomer); each sent mail is
 * kept. An advertising template's mail goes only to a customer with consent on record (`consentRule.ts`),
 * with its unsubscribe link and the `List-Unsubscribe` headers.
 */
export function registerMailRoutes(app: FastifyInstance, publicUrl: string) {
  const { db, mailer } = app;
  endpointRoute(app, prepareMailToCustomer, async (request) => {
    const { customerId, vorgangId, templateId } = request.body;
    const to = await customerEmail(db, customerId);
    const template = await usableTemplate(db, request.caller!, templateId);
    const refusal = await consentRefusal(db, customerId, template.purpose);
    if (refusal) throw refuseWithoutConsent(refusal, template);
    const mail = await personalisedMail(
      db,
      request.caller!,
      template,
      customerId,
      vorgangId ?? null,
      app.timeZone,
    );
    return { to, ...mail, purpose: template.purpose };
  });

  // With an Idempotency-Key the mail is recorded in the key's transaction: a double click waits for the
  // first send and gets its answer, and no second mail leaves.
  endpointRoute(app, sendMailToCustomer, async (request, reply, trx) => {
    const input = request.body;
    const caller = request.caller!;
    await customerEmail(db, input.customerId);
    // A mail kept as from a template is one the sender may use; one deactivated since the draft may still go.
    // Its purpose is the template's: an advertising mail needs the customer's consent now.
    let purpose: MailPurpose | null = null;
    if (input.templateId) {
      const template = await templateFor(db, caller, input.templateId);
      if (template && !template.usable) throw forbidden('Diese Textvorlage dürfen Sie nicht verwenden.');
      purpose = template?.purpose ?? null;
      const refusal = template && (await consentRefusal(db, input.customerId, purpose));
      if (refusal) throw refuseWithoutConsent(refusal, template);
    }
    const fieldErrors: Record<string, string> = {};
    if (!looksLikeEmail(input.to.trim())) fieldErrors.to = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
    if (!input.subject.trim()) fieldErrors.subject = 'Bitte geben Sie einen Betreff ein.';
    if (!input.body.trim()) fieldErrors.body = 'Bitte schreiben Sie einen Text.';
    const unknown = [...unknownPlaceholders(input.subject), ...unknownPlaceholders(input.body)];
    if (unknown.length) fieldErrors.body ??= `Unbekannte Platzhalter: ${[...new Set(unknown)].join(', ')}`;
    // The company's sender writes only to addresses on record: a new one is saved on the customer first.
    if (!fieldErrors.to && !(await isAddressOnRecord(db, input.customerId, input.to.trim()))) {
      fieldErrors.to =
        'Diese Adresse ist beim Kunden nicht hinterlegt. Bitte speichern Sie sie zuerst beim Kunden oder Endkunden.';
    }
    if (Object.keys(fieldErrors).length)
      throw badRequest('Bitte prüfen Sie die markierten Felder.', fieldErrors);

    // Placeholders the writer typed in are filled too, from the database, not from the browser.
    const values = await placeholderValues(
      db,
      caller,
      input.customerId,
      input.vorgangId ?? null,
      app.timeZone,
    );
    const subject = fillPlaceholders(input.subject, values);
    const filled = fillPlaceholders(input.body, values);
    const sender = await mailSender(db, caller.oid);
    if (!sender?.address) {
      throw badRequest('Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).');
    }
    const attachment = input.simplifiedOfferBelegId
      ? await offerAttachment(app, caller, input.customerId, input.simplifiedOfferBelegId)
      : null;
    // The link is stored before the mail leaves (with the pool, not the key's transaction): a link in a sent
    // mail must work even if recording the mail fails afterwards.
    const werbung =
      purpose === 'werbung'
        ? await werbungDelivery(db, publicUrl, {
            customerId: input.customerId,
            sentMailId: null,
            body: filled,
            company: values.Unternehmen,
          })
        : null;
    const body = werbung?.kept ?? filled;
    let error: string | null = null;
    let messageId: string | null = null;
    let raw: string | undefined;
    try {
      ({ messageId, raw } = await mailer.send({
        from: { name: sender.name || sender.address, address: sender.address },
        replyTo: sender.userEmail ?? undefined,
        to: input.to.trim(),
        subject,
        text: werbung?.text ?? body,
        attachments: attachment ? [attachment.file] : undefined,
        unsubscribe: werbung?.unsubscribe,
      }));
    } catch (failure) {
      error = mailFailureReason(failure);
    }
    // The mail as sent (or failed) and the customer's last activity together or not at all, also without an
    // Idempotency-Key (then `trx` is the pool); the mail itself has left the server before.
    const id = await inTransaction(trx, async (work) => {
      const recorded = await recordSentMail(work, caller, {
        customerId: input.customerId,
        vorgangId: input.vorgangId ?? attachment?.vorgangId ?? null,
        templateId: input.templateId ?? null,
        recipient: input.to.trim(),
        subject,
        body,
        error,
        via: mailer.via,
        messageId,
        attachments: attachment?.label ?? null,
        purpose,
        raw,
      });
      if (werbung) await linkToMail(work, werbung.tokenHash, recorded);
      if (!error) await touchCustomer(work, input.customerId);
      return recorded;
    });
    if (error) {
      return reply.code(502).send({
        statusCode: 502,
        result: { message: `Die E-Mail konnte nicht gesendet werden: ${error}` },
      });
    }
    return { id, via: mailer.via };
  });
}
