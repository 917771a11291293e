import type { FastifyInstance } from 'fastify';
import { fillPlaceholders, unknownPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import {
  prepareNpsSurvey,
  sendNpsSurvey,
  SURVEY_LINK_PLACEHOLDER,
} from '../../src/resources/nps/survey.endpoints';
import { touchCustomer } from '../customers/customerQueries';
import { mailSender } from '../mail/mailQueries';
import { queueMail } from '../mail/mailOutbox';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { templateFor, templatesFor } from '../textTemplates/textTemplateQueries';
import { consentRefusal } from '../consent/consentRule';
import { withUnsubscribeFooter } from '../mail/werbungMail';
import { recordSurvey, surveySettings } from './surveyQueries';
import { newSurveyToken, surveyTokenHash } from './surveyToken';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// The timeline and the Postausgang show the mail as sent, but never the working link.
const MASKED_LINK = '[persönlicher Umfrage-Link]';
// A survey thanks for an order: with "Kein bestimmter Vorgang" {{Vorgang}} names the latest Auftrag, or nothing.
const SURVEY_VORGANG = { latest: 'order' } as const;

async function checkCustomerAndVorgang(db: Database, customerId: number, vorgangId: number | null) {
  const customer = await db
    .selectFrom('customer')
    .select(['id', 'email'])
    .where('id', '=', customerId)
    .executeTakeFirst();
  if (!customer) throw notFound('Diesen Kunden gibt es nicht (mehr).');
  if (vorgangId) {
    const vorgang = await db
      .selectFrom('vorgang')
      .select('id')
      .where('id', '=', vorgangId)
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
    if (!vorgang) {
      throw badRequest('Bitte prüfen Sie die markierten Felder.', {
        vorgangId: 'Dieser Vorgang gehört nicht zu dem gewählten Kunden.',
      });
    }
  }
  return customer;
}

/**
 * Survey mails (paths of our own: the client's API has none for surveys): a draft from a template with
 * {{Umfrage-Link}}, and the sending through the Postausgang.
 */
export function registerSurveyRoutes(app: FastifyInstance, publicUrl: string) {
  const { db, timeZone } = app;

  endpointRoute(app, prepareNpsSurvey, async (request) => {
    const { customerId, templateId } = request.body;
    const vorgangId = request.body.vorgangId ?? null;
    const customer = await checkCustomerAndVorgang(db, customerId, vorgangId);
    const templates = (await templatesFor(db, request.caller!)).filter((t) =>
      t.body.includes(SURVEY_LINK_PLACEHOLDER),
    );
    const template = templateId ? templates.find((t) => t.id === templateId) : templates[0];
    if (templateId && !template) {
      throw badRequest('Bitte prüfen Sie die markierten Felder.', {
        templateId: 'Diese Textvorlage gibt es nicht oder sie enthält keinen {{Umfrage-Link}}.',
      });
    }
    const values = await placeholderValues(
      db,
      request.caller!,
      customerId,
      vorgangId,
      timeZone,
      SURVEY_VORGANG,
    );
    // The link stays a placeholder in the draft: it is made only when the mail is really sent.
    const fill = (text: string) =>
      fillPlaceholders(text, { ...values, 'Umfrage-Link': SURVEY_LINK_PLACEHOLDER });
    const body = template ? fill(template.body) : '';
    return {
      to: customer.email,
      subject: template ? fill(template.subject) : '',
      body: template?.purpose === 'werbung' ? withUnsubscribeFooter(body, values.Unternehmen) : body,
      templateId: template?.id ?? null,
      templates: templates.map(({ id, name }) => ({ id, name })),
    };
  });

  endpointRoute(app, sendNpsSurvey, async (request) => {
    const input = request.body;
    const caller = request.caller!;
    const vorgangId = input.vorgangId ?? null;
    await checkCustomerAndVorgang(db, input.customerId, vorgangId);
    const problems: Record<string, string> = {};
    if (!EMAIL.test(input.to.trim())) problems.to = 'Bitte geben Sie eine gültige E-Mail-Adresse ein.';
    if (!input.subject.trim()) problems.subject = 'Bitte geben Sie einen Betreff ein.';
    if (!input.body.includes(SURVEY_LINK_PLACEHOLDER)) {
      problems.body = `Der Text braucht den Platzhalter ${SURVEY_LINK_PLACEHOLDER}, sonst kann der Kunde nicht antworten.`;
    }
    const unknown = [...unknownPlaceholders(input.subject), ...unknownPlaceholders(input.body)];
    if (unknown.length) problems.body ??= `Unbekannte Platzhalter: ${[...new Set(unknown)].join(', ')}`;
    if (Object.keys(problems).length) throw badRequest('Bitte prüfen Sie die markierten Felder.', problems);
    const settings = await surveySettings(db);
    if (!settings.enabled) {
      throw badRequest('NPS-Umfragen sind ausgeschaltet (Admin → Einstellungen → Vorgaben).');
    }
    const sender = await mailSender(db, caller.oid);
    if (!sender?.address) {
      throw badRequest('Es ist keine Absenderadresse eingestellt (Admin → Einstellungen → E-Mail-Versand).');
    }
    // A survey from an advertising template is advertising: the consent rule of every mail applies.
    const template = input.templateId ? await templateFor(db, caller, input.templateId) : undefined;
    const purpose = template?.purpose ?? null;
    const refusal = await consentRefusal(db, input.customerId, purpose);
    if (refusal) throw badRequest(refusal, { templateId: refusal });

    const token = newSurveyToken();
    const surveyUrl = `${publicUrl.replace(/\/$/, '')}/umfrage/${token}`;
    const values = await placeholderValues(db, caller, input.customerId, vorgangId, timeZone, SURVEY_VORGANG);
    const masked = fillPlaceholders(input.body, { ...values, 'Umfrage-Link': MASKED_LINK });
    // Queued with the link masked (as the Postausgang, the timeline and the logs show it); the outbox puts the
    // working link into the mail as it leaves, and an advertising one's unsubscribe link too.
    return db.transaction().execute(async (trx) => {
      const mailId = await queueMail(trx, app.jobs, caller, {
        customerId: input.customerId,
        vorgangId,
        templateId: input.templateId ?? null,
        recipient: input.to.trim(),
        subject: fillPlaceholders(input.subject, values),
        body: purpose === 'werbung' ? withUnsubscribeFooter(masked, values.Unternehmen) : masked,
        bulkJobId: null,
        purpose,
        hiddenFills: { [MASKED_LINK]: surveyUrl },
      });
      const expiresOn = await recordSurvey(
        trx,
        { tokenHash: surveyTokenHash(token), customerId: input.customerId, vorgangId, mailId },
        caller,
        timeZone,
      );
      // The customer's last activity in the same transaction: a failure leaves neither without the other.
      await touchCustomer(trx, input.customerId);
      return { mailId, surveyUrl, expiresOn };
    });
  });
}
