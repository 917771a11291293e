import type { Static } from 'typebox';
import type { MailAction } from '../../../src/resources/automation/automationTypes';
import type { MailPurpose } from '../../../src/resources/consent/consent.rules';
import { consentRefusal } from '../../consent/consentRule';
import { queueMail } from '../../mail/mailOutbox';
import { personalisedMail } from '../../mail/personalisedMail';
import { automationCaller } from '../automationActor';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';
import { SURVEY_LINK_PLACEHOLDER } from '../../../src/resources/nps/survey.endpoints';
import { planSurvey } from './surveyMail';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A mail from a text template to the customer, through the Postausgang with the template's purpose: a
 * Werbung mail only with consent on record (asked here to say why not in the log, and again by the outbox
 * when it leaves, which adds the unsubscribe link). Replies go to the Verkäufer. A template with
 * {{Umfrage-Link}} sends an NPS survey (surveyMail.ts).
 */
export async function planMail(context: StepContext, action: Static<typeof MailAction>): Promise<StepPlan> {
  const { db, subject } = context;
  const template = await db
    .selectFrom('text_template')
    .select(['name', 'subject', 'body', 'purpose', 'active'])
    .where('id', '=', action.templateId)
    .$narrowType<{ purpose: MailPurpose }>()
    .executeTakeFirst();
  const name = template?.name ?? `Nr. ${action.templateId}`;
  const preview = `E-Mail „${name}“ an den Kunden senden`;
  const summary = `E-Mail „${name}“ in den Postausgang gelegt`;
  if (!template) return skippedStep(preview, summary, 'Die Textvorlage gibt es nicht mehr.');
  if (!template.active) return skippedStep(preview, summary, `Die Textvorlage „${name}“ ist deaktiviert.`);
  const recipient = subject.customerEmail?.trim() ?? '';
  if (!EMAIL.test(recipient))
    return skippedStep(preview, summary, 'Der Kunde hat keine gültige E-Mail-Adresse.');
  const refusal = await consentRefusal(db, subject.customerId, template.purpose);
  if (refusal) return skippedStep(preview, summary, refusal);
  const caller = automationCaller(context.automation, subject.sellerOid);
  if (template.body.includes(SURVEY_LINK_PLACEHOLDER)) {
    return planSurvey(context, { ...template, id: action.templateId }, recipient, caller);
  }
  return {
    preview,
    summary,
    detail: `an ${recipient}`,
    apply: async (trx) => {
      const mail = await personalisedMail(
        trx,
        caller,
        template,
        subject.customerId,
        subject.vorgangId,
        context.zone,
      );
      await queueMail(trx, context.jobs, caller, {
        customerId: subject.customerId,
        vorgangId: subject.vorgangId,
        templateId: action.templateId,
        recipient,
        subject: mail.subject,
        body: mail.body,
        bulkJobId: null,
        purpose: template.purpose,
      });
    },
  };
}
