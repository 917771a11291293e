import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { apiErrors } from '../platform/http/routeSchemas';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { mailFailureReason } from '../platform/mail/mailer';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { activeTemplate, findCustomerEmail, mailSender, recordSentMail, touchCustomer } from './mailQueries';

const tags = ['Kunden: E-Mail'];
const config = { access: { groups: [GROUPS.kunde] } };
const errors = { ...apiErrors, 502: errorResponse };
const optionalId = { type: ['integer', 'null'], minimum: 1 };
const draft = {
  type: 'object',
  properties: { to: { type: ['string', 'null'] }, subject: { type: 'string' }, body: { type: 'string' } },
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface SendBody {
  customerId: number;
  vorgangId?: number | null;
  templateId?: number | null;
  to: string;
  subject: string;
  body: string;
}

async function customerEmail(db: Database, customerId: number) {
  const customer = await findCustomerEmail(db, customerId);
  if (!customer) throw notFound('Der Kunde wurde nicht gefunden.');
  return customer.email;
}

/** E-mails to a customer from text templates (SPEC §7 mail/sendMailToCustomer); each sent mail is kept. */
export function registerMailRoutes(app: FastifyInstance) {
  const { db, mailer } = app;
  app.post<{ Body: { customerId: number; vorgangId?: number | null; templateId: number } }>(
    '/api/mail/prepareMailToCustomer',
    {
      config,
      schema: {
        tags,
        summary: 'Entwurf aus einer Textvorlage: Platzhalter mit Kunde, Vorgang und Absender gefüllt',
        body: {
          type: 'object',
          properties: {
            customerId: { type: 'integer', minimum: 1 },
            vorgangId: optionalId,
            templateId: { type: 'integer', minimum: 1 },
          },
          required: ['customerId', 'templateId'],
        },
        response: { 200: wrapped(draft), ...errors },
      },
    },
    async (request) => {
      const { customerId, vorgangId, templateId } = request.body;
      const to = await customerEmail(db, customerId);
      const template = await activeTemplate(db, templateId);
      if (!template) throw notFound('Die Textvorlage wurde nicht gefunden.');
      const values = await placeholderValues(db, request.caller!, customerId, vorgangId ?? null);
      return {
        to,
        subject: fillPlaceholders(template.subject, values),
        body: fillPlaceholders(template.body, values),
      };
    },
  );

  app.post<{ Body: SendBody }>(
    '/api/mail/sendMailToCustomer',
    {
      config,
      schema: {
        tags,
        summary: 'E-Mail an den Kunden senden; sie erscheint auf seiner Timeline (auch wenn sie scheitert)',
        body: {
          type: 'object',
          properties: {
            customerId: { type: 'integer', minimum: 1 },
            vorgangId: optionalId,
            templateId: optionalId,
            to: { type: 'string', maxLength: 200 },
            subject: { type: 'string', maxLength: 200 },
            body: { type: 'string', maxLength: 20000 },
          },
          required: ['customerId', 'to', 'subject', 'body'],
        },
        response: {
          200: wrapped({ type: 'object', properties: { id: { type: 'integer' }, via: { type: 'string' } } }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const caller = request.caller!;
      await customerEmail(db, input.customerId);
      const fieldErrors: Record<string, string> = {};
      if (!EMAIL.test(input.to.trim())) fieldErrors.to = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
      if (!input.subject.trim()) fieldErrors.subject = 'Bitte geben Sie einen Betreff ein.';
      if (!input.body.trim()) fieldErrors.body = 'Bitte schreiben Sie einen Text.';
      const unknown = [...unknownPlaceholders(input.subject), ...unknownPlaceholders(input.body)];
      if (unknown.length) fieldErrors.body ??= `Unbekannte Platzhalter: ${[...new Set(unknown)].join(', ')}`;
      if (Object.keys(fieldErrors).length)
        throw badRequest('Bitte prüfen Sie die markierten Felder.', fieldErrors);

      // Placeholders the writer typed in are filled too, from the database, not from the browser.
      const values = await placeholderValues(db, caller, input.customerId, input.vorgangId ?? null);
      const subject = fillPlaceholders(input.subject, values);
      const body = fillPlaceholders(input.body, values);
      const sender = await mailSender(db, caller.oid);
      if (!sender?.address) {
        throw badRequest(
          'Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).',
        );
      }
      let error: string | null = null;
      let messageId: string | null = null;
      try {
        ({ messageId } = await mailer.send({
          from: { name: sender.name || sender.address, address: sender.address },
          replyTo: sender.userEmail ?? undefined,
          to: input.to.trim(),
          subject,
          text: body,
        }));
      } catch (failure) {
        error = mailFailureReason(failure);
      }
      const id = await recordSentMail(db, caller, {
        customerId: input.customerId,
        vorgangId: input.vorgangId ?? null,
        templateId: input.templateId ?? null,
        recipient: input.to.trim(),
        subject,
        body,
        error,
        via: mailer.via,
        messageId,
      });
      if (error) {
        return reply.code(502).send({
          statusCode: 502,
          result: { message: `Die E-Mail konnte nicht gesendet werden: ${error}` },
        });
      }
      await touchCustomer(db, input.customerId);
      return { id, via: mailer.via };
    },
  );
}
