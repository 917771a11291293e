import type { Database } from '../../platform/db/database';
import { bulkInsert, customersToCopy } from './seedQueries';

/**
 * The key under the planted copy's custom fields that names its original's customer number: how the
 * duplicates bench (bench/duplicates.ts) knows which pairs were planted, and what a demo user sees on the copy.
 */
export const PLANTED_DUPLICATE_OF = 'Demodaten: Dublette von';

type Row = Record<string, unknown>;

const LEGAL_FORM = /\s+(GmbH & Co\.? KG|GmbH|KG|e\.U\.|OG|AG)$/;

/** Umlauts written out, or (when there are none) written back in: "Müller" ↔ "Mueller". */
function otherSpelling(name: string): string {
  const out = name.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss');
  if (out !== name) return out;
  return name.replace(/ae/g, 'ä').replace(/oe/g, 'ö').replace(/ue/g, 'ü');
}

/** Another legal form, or none, for a company name: "Holzbau Berger GmbH" → "Holzbau Berger GmbH & Co KG". */
function otherLegalForm(company: string): string {
  const match = LEGAL_FORM.exec(company);
  if (!match) return `${company} GmbH`;
  const bare = company.slice(0, match.index);
  return match[1] === 'GmbH' ? `${bare} GmbH & Co KG` : bare;
}

const reversedWords = (name: string) => name.split(/\s+/).reverse().join(' ');

const shortStreet = (street: unknown) =>
  typeof street === 'string' ? street.replace(/straße\b/i, 'str.').replace(/gasse\b/i, 'g.') : street;

/**
 * A copy of the customer as a second person would type it in again, in one of six ways: the name spelt with
 * or without umlauts, another legal form, the words in another order, only the mobile number (or the phone
 * number as mobile), the same name and e-mail only, the name in capitals with the street abbreviated. A phone
 * number is stored as the phone rule stores it however it was typed ("0463 / 555 12" → "+43 463 55512"), so the
 * copy has its original's. The copy has no ERP number: it was made in the CRM.
 */
function plantedCopy(original: Row, kind: number, id: number): Row {
  const copy: Row = {
    ...original,
    id,
    customer_number: null,
    custom_fields: { [PLANTED_DUPLICATE_OF]: original.customer_number },
    last_activity_at: null,
  };
  const company = original.company_name as string | null;
  const swapName = () => {
    if (company) copy.company_name = reversedWords(company);
    else [copy.first_name, copy.last_name] = [original.last_name, original.first_name];
  };
  switch (kind) {
    case 0:
      if (company) copy.company_name = otherSpelling(company);
      else copy.last_name = otherSpelling(original.last_name as string);
      break;
    case 1:
      if (company) copy.company_name = otherLegalForm(company);
      else swapName();
      copy.email = null;
      break;
    case 2:
      swapName();
      copy.street = shortStreet(original.street);
      break;
    case 3:
      copy.phone = null;
      copy.mobile = original.mobile ?? original.phone;
      copy.street = null;
      copy.email = null;
      break;
    case 4:
      copy.phone = null;
      copy.mobile = null;
      copy.street = null;
      break;
    default:
      if (company) copy.company_name = company.toUpperCase();
      else copy.last_name = (original.last_name as string).toUpperCase();
      copy.street = shortStreet(original.street);
      copy.phone = null;
      copy.mobile = null;
      copy.email = null;
  }
  return copy;
}

/** How many copies the seed plants among `total` generated customers: one per 50, at most 40. */
export const plantedDuplicateCount = (total: number): number => Math.min(40, Math.floor(total / 50));

/**
 * Plants known duplicates among the generated customers (one per 50, at most 40): copies of customers spread
 * over the whole set, each with an activity of its own, so the list of duplicates has something to find and
 * its precision can be measured. Returns how many it planted; the copies take the ids after `total`.
 */
export async function plantDuplicates(db: Database, total: number): Promise<number> {
  const count = plantedDuplicateCount(total);
  if (count === 0) return 0;
  const originals = Array.from({ length: count }, (_, k) => 1 + Math.floor(((k + 0.5) * total) / count));
  const rows = await customersToCopy(db, originals);
  const copies = rows.map((original, k) => plantedCopy(original, k % 6, total + 1 + k));
  await bulkInsert(db, 'customer', copies);
  await bulkInsert(
    db,
    'activity',
    copies.map((copy) => ({
      customer_id: copy.id,
      activity_type: 'anruf',
      note: 'Kunde hat angerufen, neu angelegt.',
      done: true,
      activity_date: copy.created_at,
      user_id: copy.owner_user_id,
      updated_by: copy.updated_by,
    })),
  );
  return copies.length;
}
