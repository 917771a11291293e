import { sql } from 'kysely';
import { createHash } from 'node:crypto';
import { phoneKey } from '../../src/resources/duplicates/duplicateScore.rules';
import type { Database } from '../platform/db/database';

// A fixed prefix, so a hash of the list is not the plain SHA-256 of an address that other lists may hold.
const HASH_PREFIX = 'fenster-crm-loeschliste:';

const hash = (value: string) =>
  createHash('sha256')
    .update(HASH_PREFIX + value)
    .digest('hex');

/** The hash the Löschliste keeps of an e-mail address (trimmed, lower case); null without one. */
export function emailHash(email: string | null | undefined): string | null {
  const normal = email?.trim().toLowerCase();
  return normal ? hash(normal) : null;
}

/** The hashes the Löschliste keeps of phone numbers, each in E.164 (as the duplicate check reads them). */
export function phoneHashes(
  phones: readonly (string | null | undefined)[],
  country: string | null,
): string[] {
  const keys = phones.map((phone) => phoneKey(phone, country)).filter((key): key is string => key !== null);
  return [...new Set(keys)].map(hash);
}

/** A person as the data sync or a customer row names them, to hold against the Löschliste. */
export interface PersonKeys {
  customerNumber?: string | null;
  email?: string | null;
  phones?: readonly (string | null | undefined)[];
  country?: string | null;
}

/**
 * Puts an erased customer on the Löschliste (in the erasure's transaction): id, ERP number and the hashes of
 * e-mail and phones, never the values. A later erasure of the same customer keeps the first entry's time.
 */
export async function addToSuppressionList(
  trx: Database,
  customerId: number,
  person: PersonKeys,
): Promise<void> {
  const phones = phoneHashes(person.phones ?? [], person.country ?? null);
  await sql`INSERT INTO erasure_suppression (customer_id, customer_number, email_hash, phone_hashes)
    VALUES (${customerId}, ${person.customerNumber ?? null}, ${emailHash(person.email)}, ${phones}::text[])
    ON CONFLICT (customer_id) DO UPDATE SET
      customer_number = coalesce(EXCLUDED.customer_number, erasure_suppression.customer_number),
      email_hash = coalesce(EXCLUDED.email_hash, erasure_suppression.email_hash),
      phone_hashes = ARRAY(SELECT DISTINCT unnest(erasure_suppression.phone_hashes || EXCLUDED.phone_hashes))`.execute(
    trx,
  );
}

/**
 * Why a row of the ERP export names an erased person, in German for the sync's log (without the values), or
 * null: its ERP number is on the Löschliste, or it would create a customer whose e-mail address or phone number
 * is (the same person under a new number). A customer the CRM holds under that number is no erased person.
 */
export async function suppressedBecause(db: Database, person: PersonKeys): Promise<string | null> {
  const number = person.customerNumber ?? null;
  const email = emailHash(person.email);
  const phones = phoneHashes(person.phones ?? [], person.country ?? null);
  const { rows } = await sql<{ number: boolean; email: boolean; phone: boolean }>`
    SELECT customer_number = ${number} AS number, email_hash = ${email} AS email,
      phone_hashes && ${phones}::text[] AS phone
    FROM erasure_suppression
    WHERE customer_number = ${number}
      OR ((email_hash = ${email} OR phone_hashes && ${phones}::text[])
        AND NOT EXISTS (SELECT 1 FROM customer c WHERE c.customer_number = ${number}))
    ORDER BY customer_number = ${number} DESC NULLS LAST
    LIMIT 1`.execute(db);
  const hit = rows[0];
  if (!hit) return null;
  return hit.number
    ? 'Kundennummer steht auf der Löschliste'
    : hit.email
      ? 'E-Mail-Adresse gleicht einer gelöschten'
      : 'Telefonnummer gleicht einer gelöschten';
}

/** Whether the customer with this id was erased (is on the Löschliste). */
export async function isSuppressedCustomer(db: Database, customerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('erasure_suppression')
    .select('customer_id')
    .where('customer_id', '=', customerId)
    .executeTakeFirst();
  return row !== undefined;
}
