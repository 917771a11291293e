import { formatCompanyDate } from '../../src/config/companyTime';
import { sql } from 'kysely';
import type { PlaceholderValues } from '../../src/resources/textTemplates/placeholders.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

interface CustomerRow {
  salutation: string | null;
  title: string | null;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  customerNumber: string | null;
}

const greeting = (customer: CustomerRow | undefined) => {
  const salutation = customer?.salutation?.toLowerCase();
  if (customer?.lastName && salutation === 'frau') return 'Sehr geehrte Frau';
  if (customer?.lastName && salutation === 'herr') return 'Sehr geehrter Herr';
  if (customer?.lastName && salutation === 'familie') return 'Sehr geehrte Familie';
  return 'Sehr geehrte Damen und Herren';
};

/**
 * What the placeholders of a text template stand for, for this customer (and Vorgang, else the customer's
 * latest; with `latest: 'order'` its latest Vorgang in Auftrag or later, or none) and the person who sends:
 * from the database, never from what the browser says.
 */
export async function placeholderValues(
  db: Database,
  caller: Caller,
  customerId: number | null,
  vorgangId: number | null,
  zone: string,
  options: { latest?: 'vorgang' | 'order' } = {},
): Promise<PlaceholderValues> {
  const customer = customerId
    ? (
        await sql<CustomerRow>`
          SELECT salutation, title, first_name AS "firstName", last_name AS "lastName",
                 company_name AS "companyName", customer_number AS "customerNumber"
          FROM customer WHERE id = ${customerId}`.execute(db)
      ).rows[0]
    : undefined;
  // Without a chosen Vorgang: the customer's latest, or for a thank-you (survey) its latest order, never an Anfrage.
  const fallback =
    vorgangId === null && options.latest === 'order'
      ? sql`system_status IN ('auftrag', 'rechnung')`
      : sql`true`;
  const vorgang = customerId
    ? (
        await sql<{ number: string; title: string }>`
          SELECT vorgang_number AS number, title FROM vorgang
          WHERE customer_id = ${customerId} AND (${vorgangId}::int IS NULL OR id = ${vorgangId}) AND ${fallback}
          ORDER BY ${options.latest === 'order' ? sql`first_order_date DESC NULLS LAST, ` : sql``}created_at DESC
          LIMIT 1`.execute(db)
      ).rows[0]
    : undefined;
  const sender = (
    await sql<{ name: string; email: string | null; phone: string | null; signature: string | null }>`
      SELECT name, email, phone, mail_signature AS signature FROM app_user WHERE azure_oid = ${caller.oid}`.execute(
      db,
    )
  ).rows[0];
  const company = (
    await sql<{ name: string }>`SELECT company_name AS name FROM global_settings WHERE id = 1`.execute(db)
  ).rows[0];
  const personal =
    customer?.lastName && ['frau', 'herr', 'familie'].includes(customer.salutation?.toLowerCase() ?? '');
  return {
    Anrede: greeting(customer),
    Name: personal ? [customer.title, customer.lastName].filter(Boolean).join(' ') : '',
    Vorname: customer?.firstName,
    Nachname: customer?.lastName,
    Firma: customer?.companyName,
    Kundennummer: customer?.customerNumber,
    Vorgang: vorgang ? `${vorgang.number} (${vorgang.title})` : '',
    Verkäufer: sender?.name ?? caller.name,
    'Verkäufer-E-Mail': sender?.email,
    'Verkäufer-Telefon': sender?.phone,
    Signatur: sender?.signature,
    Unternehmen: company?.name,
    Datum: formatCompanyDate(new Date(), zone),
  };
}
