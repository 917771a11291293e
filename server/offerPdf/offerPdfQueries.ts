import { sql } from 'kysely';
import type { OfferSettings } from '../../src/resources/offerPdf/offerPdf.endpoints';
import type { Database } from '../platform/db/database';
import type { OfferPosition } from './offerContent';
import { DEFAULT_OFFER_SETTINGS } from './offerContent';
import { addresseeLines } from '../../src/resources/customers/addressee.rules';

/** An address block: the customer or the Endkunde. */
export interface OfferAddress {
  lines: string[];
}

/** Everything the offer shows about its Beleg, Vorgang, customer, Endkunde and seller. */
export interface OfferHeader {
  belegId: number;
  belegNumber: string;
  belegType: string;
  belegDate: string;
  netCents: number;
  grossCents: number;
  vorgangId: number;
  vorgangNumber: string;
  vorgangTitle: string;
  customerId: number;
  customerNumber: string | null;
  customer: OfferAddress;
  endCustomer: OfferAddress | null;
  seller: { name: string; phone: string | null; email: string | null } | null;
}

interface HeaderRow extends Omit<OfferHeader, 'customer' | 'endCustomer' | 'seller'> {
  salutation: string | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string;
  endName: string | null;
  endStreet: string | null;
  endZip: string | null;
  endCity: string | null;
  endCountry: string | null;
  sellerName: string | null;
  sellerPhone: string | null;
  sellerEmail: string | null;
}

const COUNTRY_NAMES: Record<string, string> = { AT: 'Österreich', DE: 'Deutschland' };

/** The address lines; the country is printed only when it is not the company's own. */
function addressLines(
  name: (string | null)[],
  street: string | null,
  zip: string | null,
  city: string | null,
  country: string | null,
  homeCountry: string,
): string[] {
  const place = [zip, city].filter(Boolean).join(' ');
  const abroad = country && country !== homeCountry ? (COUNTRY_NAMES[country] ?? country) : null;
  return [...name, street, place, abroad].filter((line): line is string => Boolean(line?.trim()));
}

/** The Beleg with what surrounds it, or undefined when there is no such Beleg. */
export async function readOfferHeader(
  db: Database,
  belegId: number,
  homeCountry: string,
): Promise<OfferHeader | undefined> {
  const { rows } = await sql<HeaderRow>`
    SELECT b.id AS "belegId", b.beleg_number AS "belegNumber", b.beleg_type AS "belegType",
           to_char(b.beleg_date, 'YYYY-MM-DD') AS "belegDate", b.net_cents::int AS "netCents",
           b.gross_cents::int AS "grossCents",
           v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle",
           c.id AS "customerId", c.customer_number AS "customerNumber", c.salutation, c.title,
           c.first_name AS "firstName", c.last_name AS "lastName", c.company_name AS "companyName",
           c.street, c.zip, c.city, c.country,
           e.name AS "endName", e.street AS "endStreet", e.zip AS "endZip", e.city AS "endCity",
           e.country AS "endCountry",
           u.name AS "sellerName", u.phone AS "sellerPhone", u.email AS "sellerEmail"
    FROM beleg b
    JOIN vorgang v ON v.id = b.vorgang_id
    JOIN customer c ON c.id = v.customer_id
    LEFT JOIN end_customer e ON e.id = v.end_customer_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    WHERE b.id = ${belegId}`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  const name = addresseeLines(row);
  return {
    belegId: row.belegId,
    belegNumber: row.belegNumber,
    belegType: row.belegType,
    belegDate: row.belegDate,
    netCents: row.netCents,
    grossCents: row.grossCents,
    vorgangId: row.vorgangId,
    vorgangNumber: row.vorgangNumber,
    vorgangTitle: row.vorgangTitle,
    customerId: row.customerId,
    customerNumber: row.customerNumber,
    customer: { lines: addressLines(name, row.street, row.zip, row.city, row.country, homeCountry) },
    endCustomer: row.endName
      ? {
          lines: addressLines(
            [row.endName],
            row.endStreet,
            row.endZip,
            row.endCity,
            row.endCountry,
            homeCountry,
          ),
        }
      : null,
    seller: row.sellerName ? { name: row.sellerName, phone: row.sellerPhone, email: row.sellerEmail } : null,
  };
}

/** The Beleg's positions in PosNr order. */
export async function readOfferPositions(db: Database, belegId: number): Promise<OfferPosition[]> {
  return db
    .selectFrom('beleg_position')
    .select([
      'pos_nr as posNr',
      'article_number as articleNumber',
      'description',
      'custom_description as customDescription',
      'quantity',
      'unit',
      'unit_price_cents as unitPriceCents',
      'total_cents as totalCents',
      'vat_rate as vatRate',
    ])
    .where('beleg_id', '=', belegId)
    .orderBy('pos_nr')
    .execute();
}

/** The seller's saved settings, or the defaults at version 0. */
export async function readOfferSettings(
  db: Database,
  userOid: string,
): Promise<OfferSettings & { version: number }> {
  const saved = await db
    .selectFrom('simplified_offer_config')
    .select([
      'show_unit_prices as showUnitPrices',
      'show_position_totals as showPositionTotals',
      'show_article_numbers as showArticleNumbers',
      'show_zero_positions as showZeroPositions',
      'show_discount_line as showDiscountLine',
      'intro_template_id as introTemplateId',
      'closing_template_id as closingTemplateId',
      'signature',
      'version',
    ])
    .where('user_oid', '=', userOid)
    .executeTakeFirst();
  return saved ?? { ...DEFAULT_OFFER_SETTINGS, version: 0 };
}

/** Who saved the person's offer settings last (null: nobody yet). */
export async function offerSettingsChangedBy(db: Database, userOid: string): Promise<string | null> {
  const row = await db
    .selectFrom('simplified_offer_config')
    .select('updated_by as by')
    .where('user_oid', '=', userOid)
    .executeTakeFirst();
  return row?.by ?? null;
}

/** Saves the settings at `version` (0: the first time); undefined when someone saved meanwhile. */
export async function saveOfferSettings(
  db: Database,
  userOid: string,
  settings: OfferSettings,
  version: number,
  updatedBy: string,
): Promise<(OfferSettings & { version: number }) | undefined> {
  const values = {
    show_unit_prices: settings.showUnitPrices,
    show_position_totals: settings.showPositionTotals,
    show_article_numbers: settings.showArticleNumbers,
    show_zero_positions: settings.showZeroPositions,
    show_discount_line: settings.showDiscountLine,
    intro_template_id: settings.introTemplateId,
    closing_template_id: settings.closingTemplateId,
    signature: settings.signature,
    updated_by: updatedBy,
  };
  const saved = await db
    .insertInto('simplified_offer_config')
    .values({ user_oid: userOid, ...values })
    .onConflict((oc) =>
      oc
        .column('user_oid')
        .doUpdateSet((eb) => ({
          ...values,
          version: eb('simplified_offer_config.version', '+', 1),
          updated_at: eb.fn<Date>('now'),
        }))
        .where('simplified_offer_config.version', '=', version),
    )
    .returning('version')
    .executeTakeFirst();
  // A first save (version 0) that meets an existing row is stale as well: ON CONFLICT's WHERE refuses it.
  if (!saved) return undefined;
  return { ...settings, version: saved.version };
}

/** The company data of the global settings (empty fields: the tenant's defaults fill them). */
export async function readCompanySettings(db: Database) {
  return db
    .selectFrom('global_settings')
    .select([
      'company_name as name',
      'company_street as street',
      'company_zip as zip',
      'company_city as city',
      'company_country as country',
      'company_phone as phone',
      'company_email as email',
      'company_website as website',
      'company_vat_id as vatId',
      'company_register as register',
      'company_bank as bank',
      'company_iban as iban',
      'offer_validity_days as offerValidityDays',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
}

/** Name, phone and e-mail of a signed-in user as described in the CRM, or undefined. */
export async function readUserContact(db: Database, oid: string) {
  return db
    .selectFrom('app_user')
    .select(['name', 'phone', 'email'])
    .where('azure_oid', '=', oid)
    .executeTakeFirst();
}
