import type { FastifyInstance } from 'fastify';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import type { Caller } from '../platform/auth/caller';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { touchCustomer } from '../customers/customerQueries';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { findCustomerEmail, isAddressOnRecord, mailSender } from './mailQueries';
import { prepareMailToCustomer, sendMailToCustomer } from '../../src/resources/mail/mail.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { offerAttachment } from '../offerPdf/offerAttachment';
import { personalisedMail } from './personalisedMail';
import { looksLikeEmail } from '../../src/resources/mail/mail.rules';
import { templateFor } from '../textTemplates/textTemplateQueries';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import { consentRefusal } from '../consent/consentRule';
import { queueMail } from './mailOutbox';
import { simplifiedOfferSource } from './outboxAttachment';
import { withUnsubscribeFooter } from './werbungMail';
import { prepareOfferLink, recordOfferLink, withOfferLink } from '../offerOnline';

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
 * E-mails to a customer from text templates (the client's path mail/sendMailToCustomer): checked here, then
 * queued in the Postausgang, which sends them (`mailOutbox.ts`). An advertising template's mail goes only to a
 * customer with consent on record (`consentRule.ts`), with its unsubscribe link and the `List-Unsubscribe` headers.
 */
export function registerMailRoutes(app: FastifyInstance) {
  const { db } = app;
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

  endpointRoute(app, sendMailToCustomer, async (request, _reply, trx) => {
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
    if (input.onlineOffer && !input.simplifiedOfferBelegId) {
      fieldErrors.onlineOffer = 'Die Online-Annahme gibt es nur mit einem angehängten Angebot.';
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
    // The offer is made now to refuse another customer's offer at once (and to name its size); the outbox makes
    // it again when the mail leaves, so the queued mail holds only its reference.
    const attachment = input.simplifiedOfferBelegId
      ? await offerAttachment(app, caller, input.customerId, input.simplifiedOfferBelegId)
      : null;
    // Online: the very PDF that leaves is kept (its fingerprint is the evidence) and the mail carries the link.
    const online =
      input.onlineOffer && attachment
        ? await prepareOfferLink(app, attachment.file, attachment.validUntil)
        : null;
    // An advertising mail is kept with its unsubscribe lines (link masked); the outbox puts the working link in.
    const text = online ? withOfferLink(filled) : filled;
    const body = purpose === 'werbung' ? withUnsubscribeFooter(text, values.Unternehmen) : text;
    // Queued with the customer's last activity, in the Idempotency-Key's transaction when there is one: a double
    // click waits for the first and gets its answer, and no second mail is queued.
    const id = await inTransaction(trx, async (work) => {
      const queued = await queueMail(work, app.jobs, caller, {
        customerId: input.customerId,
        vorgangId: input.vorgangId ?? attachment?.vorgangId ?? null,
        templateId: input.templateId ?? null,
        recipient: input.to.trim(),
        subject,
        body,
        bulkJobId: null,
        purpose,
        attachment: attachment
          ? {
              source:
                online?.attachment ??
                simplifiedOfferSource(caller, input.customerId, input.simplifiedOfferBelegId!),
              label: attachment.label,
            }
          : undefined,
        hiddenFills: online?.hiddenFills,
      });
      if (online && attachment) {
        const link = {
          vorgangId: attachment.vorgangId,
          belegId: input.simplifiedOfferBelegId!,
          customerId: input.customerId,
          email: input.to.trim(),
          mailId: queued,
        };
        await recordOfferLink(work, online, link, caller);
      }
      await touchCustomer(work, input.customerId);
      return queued;
    });
    return { id, status: 'wartend' as const };
  });
}
