import type { Database } from '../platform/db/database';
import { issueUnsubscribeLink } from '../consent/unsubscribeLinks';

/**
 * What stands in the text for the personal unsubscribe link wherever the mail is shown or kept (preview,
 * draft, Postausgang, timeline): the working link exists only in the mail that left, so nobody who reads the
 * Postausgang can unsubscribe the customer.
 */
export const MASKED_UNSUBSCRIBE_LINK = '[persönlicher Abmeldelink]';

/** The lines every advertising mail ends with: why it comes, and the one-click way out. */
const unsubscribeFooter = (company: string | null | undefined, link: string) =>
  `\n\n--\nSie erhalten diese E-Mail, weil Sie eingewilligt haben, Werbung${company ? ` von ${company}` : ''} ` +
  `per E-Mail zu bekommen. Mit einem Klick abmelden:\n${link}`;

/**
 * An advertising mail's text as it is previewed, drafted, queued and kept: with the unsubscribe lines, the
 * link masked. A text that has the masked link already (a draft sent back, its footer edited) keeps it.
 */
export function withUnsubscribeFooter(body: string, company: string | null | undefined): string {
  return body.includes(MASKED_UNSUBSCRIBE_LINK)
    ? body
    : `${body.trimEnd()}${unsubscribeFooter(company, MASKED_UNSUBSCRIBE_LINK)}`;
}

/**
 * What an advertising mail leaves with: a new unsubscribe link (its token stored as a hash, tied to the mail
 * when `sentMailId` is known), the text with that link in place of the mask (the footer added when missing),
 * and the one-click address for the `List-Unsubscribe` headers. The mail is kept with the masked text.
 */
export async function werbungDelivery(
  db: Database,
  publicUrl: string,
  mail: { customerId: number; sentMailId: number | null; body: string; company: string | null | undefined },
) {
  const kept = withUnsubscribeFooter(mail.body, mail.company);
  const link = await issueUnsubscribeLink(db, publicUrl, mail.customerId, mail.sentMailId);
  return {
    kept,
    text: kept.replaceAll(MASKED_UNSUBSCRIBE_LINK, link.page),
    unsubscribe: link.oneClick,
    tokenHash: link.hash,
  };
}
