import type { FastifyBaseLogger } from 'fastify';
import { addCompanyDays, companyToday, type TenantKey } from '../../src/config/companyTime';
import { formatDate, formatEuroCents } from '../../src/i18n/format';
import { offerFileName, type OfferSettings } from '../../src/resources/offerPdf/offerPdf.endpoints';
import { fillPlaceholders } from '../../src/resources/textTemplates/placeholders.rules';
import { normalizePhone } from '../../src/resources/customers/phone.rules';
import type { Caller } from '../platform/auth/caller';
import { TENANTS } from '../platform/config/tenants';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { placeholderValues } from '../textTemplates/placeholderValues';
import { templatesFor } from '../textTemplates/textTemplateQueries';
import { offerRows, offerTotals } from './offerContent';
import {
  readCompanySettings,
  readOfferHeader,
  readOfferPositions,
  readOfferSettings,
  readUserContact,
} from './offerPdfQueries';
import type { OfferCompany } from './offerDocument';
import { renderOfferPdf } from './renderOfferPdf';

/** What making an offer needs from the app: database, tenant, its zone and a logger. */
export interface OfferServices {
  db: Database;
  tenantId: TenantKey;
  timeZone: string;
  log: Pick<FastifyBaseLogger, 'warn'>;
}

const STANDARD_VAT: Record<string, number> = { AT: 20, DE: 19 };
/** The VAT number's name on a letter: Austria's Umsatzsteuer-Identifikationsnummer is the "UID". */
const VAT_ID_LABELS: Record<string, string> = { AT: 'UID', DE: 'USt-IdNr.' };
const DEFAULT_INTRO = '{{Anrede}} {{Name}},\n\nvielen Dank für Ihr Interesse. Gerne bieten wir Ihnen an:';

/**
 * A phone number in the one international shape of the phone rules (+43 664 1234567), read in the company's
 * country; what they cannot read is printed as it was typed.
 */
const printedPhone = (phone: string | null, country: string) => normalizePhone(phone ?? '', country) || null;

/** The company data: the global settings, each empty field from the tenant's defaults. */
async function companyOf(db: Database, tenant: TenantKey) {
  const fallback = TENANTS[tenant].company;
  const saved = await readCompanySettings(db);
  const pick = (value: string | null | undefined, other: string) => value?.trim() || other;
  const country = saved?.country?.trim() || fallback.country;
  const company: OfferCompany = {
    name: pick(saved?.name, fallback.name),
    street: pick(saved?.street, fallback.street),
    zip: pick(saved?.zip, fallback.zip),
    city: pick(saved?.city, fallback.city),
    phone: printedPhone(pick(saved?.phone, fallback.phone), country) ?? '',
    email: pick(saved?.email, fallback.email),
    website: pick(saved?.website, fallback.website),
    vatId: pick(saved?.vatId, fallback.vatId),
    vatIdLabel: VAT_ID_LABELS[country] ?? 'UID',
    register: pick(saved?.register, fallback.register),
    bank: pick(saved?.bank, fallback.bank),
    iban: pick(saved?.iban, fallback.iban),
  };
  return {
    company,
    country,
    validityDays: saved?.offerValidityDays ?? 30,
  };
}

/**
 * Makes the simplified offer of an Angebot as a PDF: with the caller's saved settings, or with `preview`
 * settings not saved yet. 404 without the Beleg, 400 when it is no Angebot.
 */
export async function makeSimplifiedOffer(
  services: OfferServices,
  caller: Caller,
  belegId: number,
  preview?: OfferSettings,
) {
  const { db, tenantId, timeZone, log } = services;
  const { company, country, validityDays } = await companyOf(db, tenantId);
  const header = await readOfferHeader(db, belegId, country);
  if (!header) throw notFound('Der Beleg wurde nicht gefunden.');
  if (header.belegType !== 'angebot') {
    throw badRequest('Ein vereinfachtes Angebot gibt es nur zu einem Angebot.', {
      belegId: 'Bitte wählen Sie ein Angebot.',
    });
  }
  const [positions, settings, values, templates, me] = await Promise.all([
    readOfferPositions(db, belegId),
    preview ?? readOfferSettings(db, caller.oid),
    placeholderValues(db, caller, header.customerId, header.vorgangId, timeZone),
    templatesFor(db, caller),
    readUserContact(db, caller.oid),
  ]);
  const today = companyToday(timeZone);
  const date = formatDate(today);
  const validUntilDay = addCompanyDays(today, validityDays);
  const validUntil = formatDate(validUntilDay);
  // The date placeholder is the company's day, not the server's.
  const filled = { ...values, Datum: date };
  const templateText = (id: number | null) => templates.find((t) => t.id === id)?.body;
  const seller = header.seller ?? me ?? { name: caller.name, phone: null, email: null };
  // The phone as the customer should read it, whatever was typed into Admin → Benutzer ("0664/1234567").
  const contact = { ...seller, phone: printedPhone(seller.phone, country) };

  const totals = offerTotals(
    positions,
    { netCents: header.netCents, grossCents: header.grossCents },
    STANDARD_VAT[country] ?? 20,
    settings,
  );
  if (totals.erpDifference) {
    log.warn(
      {
        belegNumber: header.belegNumber,
        netDifferenceCents: totals.erpDifference.netCents,
        grossDifferenceCents: totals.erpDifference.grossCents,
      },
      `Vereinfachtes Angebot ${header.belegNumber}: Summen des ERP weichen von den Positionen ab ` +
        `(netto ${formatEuroCents(totals.erpDifference.netCents)}); gedruckt werden die Summen des ERP.`,
    );
  }
  const pdf = await renderOfferPdf({
    tenant: tenantId,
    brandColor: TENANTS[tenantId].brandColor,
    company,
    date,
    validUntil,
    belegNumber: header.belegNumber,
    vorgangNumber: header.vorgangNumber,
    vorgangTitle: header.vorgangTitle,
    customerNumber: header.customerNumber,
    customer: header.customer,
    endCustomer: header.endCustomer,
    contact,
    intro: fillPlaceholders(templateText(settings.introTemplateId) ?? DEFAULT_INTRO, filled).trim(),
    closing: fillPlaceholders(
      templateText(settings.closingTemplateId) ??
        `Dieses Angebot ist gültig bis ${validUntil}. Für Fragen stehen wir Ihnen gerne zur Verfügung.`,
      filled,
    ).trim(),
    signature: settings.signature?.trim() || `Mit freundlichen Grüßen\n\n${contact.name}\n${company.name}`,
    rows: offerRows(positions, settings),
    showUnitPrices: settings.showUnitPrices,
    showPositionTotals: settings.showPositionTotals,
    totals,
  });
  return { pdf, fileName: offerFileName(header.belegNumber), header, validUntilDay };
}
