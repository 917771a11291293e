import type { TenantKey } from '../../src/config/companyTime';
import type { OfferRow, OfferTotals } from './offerContent';
import type { OfferAddress } from './offerPdfQueries';

/** The company data printed in the letterhead and footer. */
export interface OfferCompany {
  name: string;
  street: string;
  zip: string;
  city: string;
  phone: string;
  email: string;
  website: string;
  vatId: string;
  /** What the VAT number is called where the company is: "UID" in Austria, "USt-IdNr." in Germany. */
  vatIdLabel: string;
  register: string;
  bank: string;
  iban: string;
}

/** Everything on the PDF, already resolved and formatted: drawing decides nothing about content. */
export interface OfferDocument {
  tenant: TenantKey;
  brandColor: string;
  company: OfferCompany;
  date: string;
  validUntil: string;
  belegNumber: string;
  vorgangNumber: string;
  vorgangTitle: string;
  customerNumber: string | null;
  customer: OfferAddress;
  endCustomer: OfferAddress | null;
  contact: { name: string; phone: string | null; email: string | null };
  intro: string;
  closing: string;
  signature: string;
  rows: OfferRow[];
  showUnitPrices: boolean;
  showPositionTotals: boolean;
  totals: OfferTotals;
}
