import { formatCompanyDate } from '../../src/config/companyTime';
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
  const customer: CustomerRow | undefined = customerId
    ? await db
        .selectFrom('customer')
        .select([
          'salutation',
          'title',
          'first_name as firstName',
          'last_name as lastName',
          'company_name as companyName',
          'customer_number as customerNumber',
        ])
        .where('id', '=', customerId)
        .executeTakeFirst()
    : undefined;
  // Without a chosen Vorgang: the customer's latest, or for a thank-you (survey) its latest order, never an Anfrage.
  const order = options.latest === 'order';
  const vorgang = customerId
    ? await db
        .selectFrom('vorgang')
        .select(['vorgang_number as number', 'title'])
        .where('customer_id', '=', customerId)
        .$if(vorgangId !== null, (qb) => qb.where('id', '=', vorgangId!))
        .$if(vorgangId === null && order, (qb) => qb.where('system_status', 'in', ['auftrag', 'rechnung']))
        .$if(order, (qb) => qb.orderBy('first_order_date', (ob) => ob.desc().nullsLast()))
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    : undefined;
  const sender = await db
    .selectFrom('app_user')
    .select(['name', 'email', 'phone', 'mail_signature as signature'])
    .where('azure_oid', '=', caller.oid)
    .executeTakeFirst();
  const company = await db
    .selectFrom('global_settings')
    .select('company_name as name')
    .where('id', '=', 1)
    .executeTakeFirst();
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
