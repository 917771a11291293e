import type { Executor } from '../platform/entities/entityRepository';
import {
  OFFER_LINK_STATES,
  type OfferLinkState,
} from '../../src/resources/offerOnline/offerOnline.endpoints';
import { deleteOfferLinksOfCustomer, offerLinksOfCustomer } from './offerLinkPrivacyQueries';

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Art. 15: the customer's online offers as a section of the report (title and label/value rows). */
export async function offerLinkData(db: Executor, customerId: number, when: (instant: unknown) => string) {
  const links = await offerLinksOfCustomer(db, customerId);
  return {
    title: 'Angebote online',
    rows: links.map((l) =>
      [
        { label: 'Angebot', value: text(l.beleg_number) },
        { label: 'Gesendet an', value: text(l.email) },
        { label: 'Gesendet', value: when(l.sent_at) },
        { label: 'Status', value: OFFER_LINK_STATES[l.state as OfferLinkState] ?? text(l.state) },
        { label: 'Geöffnet', value: `${text(l.open_count)}-mal` },
        { label: 'Grund der Ablehnung', value: text(l.decline_reason) },
        { label: 'SHA-256 des PDF', value: text(l.pdf_sha256) },
        { label: 'Angenommen', value: l.accepted_at ? when(l.accepted_at) : '' },
        { label: 'Name bei der Annahme', value: text(l.signer_name) },
        { label: 'IP-Adresse', value: text(l.ip) },
        { label: 'Browser', value: text(l.user_agent) },
        { label: 'Code gesendet an', value: text(l.code_email) },
        { label: 'Ablauf', value: text(l.events) },
      ].filter((pair) => pair.value !== ''),
    ),
  };
}

/**
 * Art. 17: the customer's online offers go, with their events, codes, acceptance and kept PDFs (marked for the
 * store in the erasure's transaction; `markForRemoval` is the store's).
 */
export async function eraseOfferLinks(
  trx: Executor,
  customerId: number,
  markForRemoval: (storedName: string) => Promise<void>,
): Promise<string[]> {
  const names = await deleteOfferLinksOfCustomer(trx, customerId);
  for (const name of names) await markForRemoval(name);
  return names;
}
