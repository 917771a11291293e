import { fillPlaceholders } from '../../../src/resources/textTemplates/placeholders.rules';
import type { MailPurpose } from '../../../src/resources/consent/consent.rules';
import { touchCustomer } from '../../customers/customerQueries';
import { linkToMail } from '../../consent/unsubscribeLinks';
import { mailSender, recordSentMail } from '../../mail/mailQueries';
import { werbungDelivery, withUnsubscribeFooter } from '../../mail/werbungMail';
import { newSurveyToken, recordSurvey, surveySettings, surveyTokenHash } from '../../nps';
import type { Caller } from '../../platform/auth/caller';
import { mailFailureReason } from '../../platform/mail/mailer';
import { placeholderValues } from '../../textTemplates/placeholderValues';
import { skippedStep, type StepContext, type StepPlan } from './stepPlan';

// As the NPS area keeps a survey mail: the timeline and the Postausgang never show the working link.
const MASKED_LINK = '[persönlicher Umfrage-Link]';

/**
 * An NPS survey by mail, as the NPS area sends one: a fresh token (only its hash kept), the link in the mail
 * as it leaves, the mail kept with the link masked, the survey recorded with it. The mail leaves first (the
 * link cannot wait in the Postausgang, which keeps texts as they are sent); a failure is tried again.
 */
export async function planSurvey(
  context: StepContext,
  template: { id: number; name: string; subject: string; body: string; purpose: MailPurpose },
  recipient: string,
  caller: Caller,
): Promise<StepPlan> {
  const { db, subject, zone, mailer, publicUrl } = context;
  const preview = `NPS-Umfrage „${template.name}“ an den Kunden senden`;
  const summary = `NPS-Umfrage „${template.name}“ gesendet`;
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
  let sent: {
    token: string;
    messageId: string;
    subject: string;
    kept: string;
    werbungHash: string | null;
  } | null = null;
  return {
    preview,
    summary,
    detail: `an ${recipient}`,
    send: async () => {
      const token = newSurveyToken();
      const link = `${publicUrl.replace(/\/$/, '')}/umfrage/${token}`;
      const values = await placeholderValues(db, caller, subject.customerId, subject.vorgangId, zone, {
        latest: 'order',
      });
      const fill = (url: string) => fillPlaceholders(template.body, { ...values, 'Umfrage-Link': url });
      const werbung =
        template.purpose === 'werbung'
          ? await werbungDelivery(db, publicUrl, {
              customerId: subject.customerId,
              sentMailId: null,
              body: fill(link),
              company: values.Unternehmen,
            })
          : null;
      const mailSubject = fillPlaceholders(template.subject, values);
      try {
        const { messageId } = await mailer.send({
          from: { name: sender.name || sender.address!, address: sender.address! },
          replyTo: sender.userEmail ?? undefined,
          to: recipient,
          subject: mailSubject,
          text: werbung?.text ?? fill(link),
          unsubscribe: werbung?.unsubscribe,
        });
        const masked = fill(MASKED_LINK);
        sent = {
          token,
          messageId,
          subject: mailSubject,
          kept: werbung ? withUnsubscribeFooter(masked, values.Unternehmen) : masked,
          werbungHash: werbung?.tokenHash ?? null,
        };
      } catch (failure) {
        throw new Error(`Die Umfrage konnte nicht gesendet werden: ${mailFailureReason(failure)}`, {
          cause: failure,
        });
      }
      return `an ${recipient}`;
    },
    apply: async (trx) => {
      if (!sent) throw new Error('Die Umfrage wurde nicht gesendet.');
      const mailId = await recordSentMail(trx, caller, {
        customerId: subject.customerId,
        vorgangId: subject.vorgangId,
        templateId: template.id,
        recipient,
        subject: sent.subject,
        body: sent.kept,
        error: null,
        via: mailer.via,
        messageId: sent.messageId,
        purpose: template.purpose,
      });
      if (sent.werbungHash) await linkToMail(trx, sent.werbungHash, mailId);
      await recordSurvey(
        trx,
        {
          tokenHash: surveyTokenHash(sent.token),
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
