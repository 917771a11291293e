import { fillPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { placeholderValues } from '../textTemplates/placeholderValues';

/**
 * A template's subject and text with the placeholders filled for this customer (and Vorgang) and the person
 * sending: one code for the mail dialog's draft, the bulk mail's preview and the bulk mail itself, so what a
 * preview shows is what is sent.
 */
export async function personalisedMail(
  db: Database,
  caller: Caller,
  template: { subject: string; body: string },
  customerId: number,
  vorgangId: number | null,
  timeZone: string,
) {
  const values = await placeholderValues(db, caller, customerId, vorgangId, timeZone);
  return {
    subject: fillPlaceholders(template.subject, values),
    body: fillPlaceholders(template.body, values),
  };
}
