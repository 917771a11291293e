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

/**
 * E-mails to a customer from text templates (the client's path mail/sendMailToCustomer); each sent mail is
 * kept.
 */
export function registerMailRoutes(app: FastifyInstance) {
  const { db, mailer } = app;
  endpointRoute(app, prepareMailToCustomer, async (request) => {
    const { customerId, vorgangId, templateId } = request.body;
    const to = await customerEmail(db, customerId);
    const template = await usableTemplate(db, request.caller!, templateId);
    const mail = await personalisedMail(
      db,
      request.caller!,
      template,
      customerId,
      vorgangId ?? null,
      app.timeZone,
    );
    return { to, ...mail };
  });

  // With an Idempotency-Key the mail is recorded in the key's transaction: a double click waits for the
  // first send and gets its answer, and no second mail leaves.
  endpointRoute(app, sendMailToCustomer, async (request, reply, trx) => {
    const input = request.body;
    const caller = request.caller!;
    await customerEmail(db, input.customerId);
    // A mail kept as from a template is one the sender may use; one deactivated since the draft may still go.
    if (input.templateId) {
      const template = await templateFor(db, caller, input.templateId);
      if (template && !template.usable) throw forbidden('Diese Textvorlage dürfen Sie nicht verwenden.');
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
    const body = fillPlaceholders(input.body, values);
    const sender = await mailSender(db, caller.oid);
    if (!sender?.address) {
      throw badRequest('Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).');
    }
    const attachment = input.simplifiedOfferBelegId
      ? await offerAttachment(app, caller, input.customerId, input.simplifiedOfferBelegId)
      : null;
    let error: string | null = null;
    let messageId: string | null = null;
    try {
      ({ messageId } = await mailer.send({
        from: { name: sender.name || sender.address, address: sender.address },
        replyTo: sender.userEmail ?? undefined,
        to: input.to.trim(),
        subject,
        text: body,
        attachments: attachment ? [attachment.file] : undefined,
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
      });
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
