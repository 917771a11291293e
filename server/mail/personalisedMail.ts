import { fillPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { withUnsubscribeFooter } from './werbungMail';

/**
 * A template's subject and text with the placeholders filled for this customer (and Vorgang) and the person
 * sending, an advertising template's text with its unsubscribe lines (link masked): one code for the mail
 * dialog's draft, the bulk mail's preview and the bulk mail itself, so what a preview shows is what is sent.
 */
export async function personalisedMail(
  db: Database,
  caller: Caller,
  template: { subject: string; body: string; purpose: MailPurpose },
  customerId: number,
  vorgangId: number | null,
  timeZone: string,
) {
  const values = await placeholderValues(db, caller, customerId, vorgangId, timeZone);
  const body = fillPlaceholders(template.body, values);
  return {
    subject: fillPlaceholders(template.subject, values),
    body: template.purpose === 'werbung' ? withUnsubscribeFooter(body, values.Unternehmen) : body,
  };
}
