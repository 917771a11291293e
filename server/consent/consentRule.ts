import { NO_CONSENT_REASON, type MailPurpose } from '../../src/resources/consent/consent.rules';
import type { Database } from '../platform/db/database';
import { consentGiven } from './consentQueries';

export { werbungConsentGiven } from './consentQueries';

/**
 * The consent rule of mails to customers, the one place it is decided: why a mail of `purpose` may not go to
 * customer `customerId`, in German (for the bulk report, the dialog and the Postausgang), or null when it may.
 * A Service/Vertrag mail (and one written without a template) always may; a Werbung mail only while the
 * customer's consent is on record. Every path that sends a template's mail asks it: the mail dialog, the NPS
 * survey, the bulk job, and the Postausgang again at the moment a queued mail leaves (consent withdrawn in
 * between stops it). A new path that sends (e.g. an automation) queues its mail with its purpose in the
 * Postausgang (`queueMail`), which applies this rule and adds the unsubscribe link, or asks this itself.
 */
export async function consentRefusal(
  db: Database,
  customerId: number,
  purpose: MailPurpose | null,
): Promise<string | null> {
  if (purpose !== 'werbung') return null;
  return (await consentGiven(db, customerId)) ? null : NO_CONSENT_REASON;
}
