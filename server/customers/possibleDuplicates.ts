import { sql } from 'kysely';
import { normalizePhone } from '../../src/resources/customers/phone.rules';
import type { PossibleDuplicate } from '../../src/resources/customers/customers.endpoints';
import type { Database } from '../platform/db/database';

export interface DuplicateQuery {
  email?: string;
  phone?: string;
  lastName?: string;
  companyName?: string;
  zip?: string;
  country?: string;
  /** The customer being edited, never their own duplicate. */
  excludeId?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Customers that are likely the same person: same e-mail, same phone number, or same name and PLZ. */
export async function possibleDuplicates(db: Database, query: DuplicateQuery): Promise<PossibleDuplicate[]> {
  const email = query.email?.trim().toLowerCase() || null;
  const phone = query.phone ? normalizePhone(query.phone, query.country) || null : null;
  const name = (query.companyName?.trim() || query.lastName?.trim() || '').toLowerCase() || null;
  const zip = query.zip?.trim() || null;
  if (!email && !phone && !(name && zip)) return [];
  const { rows } = await sql<PossibleDuplicate>`
    SELECT id, display_name AS "displayName", customer_number AS "customerNumber", zip, city,
      CASE
        WHEN ${email}::text IS NOT NULL AND lower(email) = ${email} THEN 'gleiche E-Mail-Adresse'
        WHEN ${phone}::text IS NOT NULL AND (phone = ${phone} OR mobile = ${phone}) THEN 'gleiche Telefonnummer'
        ELSE 'gleicher Name und gleiche PLZ'
      END AS reason
    FROM customer
    WHERE id IS DISTINCT FROM ${query.excludeId ?? null}::int AND (
      (${email}::text IS NOT NULL AND lower(email) = ${email})
      -- the trigram index on search_text finds the candidates, the exact comparison decides
      OR (${phone}::text IS NOT NULL AND search_text LIKE ${phone ? `%${escapeLike(phone.toLowerCase())}%` : ''}
          AND (phone = ${phone} OR mobile = ${phone}))
      OR (${name}::text IS NOT NULL AND ${zip}::text IS NOT NULL
          AND lower(coalesce(company_name, last_name)) = ${name} AND zip = ${zip}))
    ORDER BY last_activity_at DESC NULLS LAST, id
    LIMIT 5`.execute(db);
  return rows;
}
