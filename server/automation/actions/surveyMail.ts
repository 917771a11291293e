import { fillPlaceholders } from '../../../src/resources/textTemplates/placeholders.rules';
import type { MailPurpose } from '../../../src/resources/consent/consent.rules';
import { touchCustomer } from '../../customers/customerQueries';
import { mailSender } from '../../mail/mailQueries';
import { queueMail } from '../../mail/mailOutbox';
import { withUnsubscribeFooter } from '../../mail/werbungMail';
import { newSurveyToken, recordSurvey, surveySettings, surveyTokenHash } from '../../nps';
import type { Caller } from '../../platform/auth/caller';
import { placeholderValues } from '../../textTemplates/placeholderValues';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

// As the NPS area keeps a survey mail: the timeline and the Postausgang never show the working link.
const MASKED_LINK = '[persönlicher Umfrage-Link]';

/**
 * An NPS survey by mail, as the NPS area sends one: a fresh token (only its hash kept), the mail queued in the
 * Postausgang with the link masked and the working link as its hidden fill (the outbox puts it in as the mail
 * leaves, with retries and the sender's mail limit, and forgets it then), the survey recorded with it, all in
 * the step's transaction.
 */
export async function planSurvey(
  context: StepContext,
  template: { id: number; name: string; subject: string; body: string; purpose: MailPurpose },
  recipient: string,
  caller: Caller,
): Promise<StepPlan> {
  const { db, subject, zone, publicUrl, jobs } = context;
  const preview = `NPS-Umfrage „${template.name}“ an den Kunden senden`;
  const summary = `NPS-Umfrage „${template.name}“ in den Postausgang gelegt`;
  if (!(await surveySettings(db)).enabled) {
    return skippedStep(
      preview,
      summary,
      'NPS-Umfragen sind ausgeschaltet (Admin → Einstellungen → Vorgaben).',
    );
  }
  const sender = await mailSender(db, caller.oid);
  if (!sender?.address) {
    return skippedStep(preview, summary, 'Es ist keine Absenderadresse eingestellt (Admin → Einstellungen).');
  }
  return {
    preview,
    summary,
    detail: `an ${recipient}`,
    apply: async (trx) => {
      const token = newSurveyToken();
      const link = `${publicUrl.replace(/\/$/, '')}/umfrage/${token}`;
      const values = await placeholderValues(trx, caller, subject.customerId, subject.vorgangId, zone, {
        latest: 'order',
      });
      const masked = fillPlaceholders(template.body, { ...values, 'Umfrage-Link': MASKED_LINK });
      const mailId = await queueMail(trx, jobs, caller, {
        customerId: subject.customerId,
        vorgangId: subject.vorgangId,
        templateId: template.id,
        recipient,
        subject: fillPlaceholders(template.subject, values),
        body: template.purpose === 'werbung' ? withUnsubscribeFooter(masked, values.Unternehmen) : masked,
        bulkJobId: null,
        purpose: template.purpose,
        hiddenFills: { [MASKED_LINK]: link },
      });
      await recordSurvey(
        trx,
        {
          tokenHash: surveyTokenHash(token),
          customerId: subject.customerId,
          vorgangId: subject.vorgangId,
          mailId,
        },
        caller,
        zone,
      );
      await touchCustomer(trx, subject.customerId);
    },
  };
}
