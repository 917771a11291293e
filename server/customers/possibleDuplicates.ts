import { sql } from 'kysely';
import {
  POSSIBLE_DUPLICATE,
  matchKeys,
  scoreMatch,
  type MatchInput,
} from '../../src/resources/duplicates/duplicateScore.rules';
import type { PossibleDuplicate } from '../../src/resources/customers/customers.endpoints';
import type { Database } from '../platform/db/database';

export interface DuplicateQuery {
  email?: string;
  phone?: string;
  firstName?: string;
  lastName?: string;
  companyName?: string;
  street?: string;
  zip?: string;
  country?: string;
  /** The customer being edited, never their own duplicate. */
  excludeId?: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type Candidate = MatchInput & {
  id: number;
  displayName: string | null;
  customerNumber: string | null;
  city: string | null;
};

/**
 * Customers that are likely the one being typed in, scored by the same rule as the list of duplicates
 * (duplicateScore.rules.ts): the database finds candidates (same e-mail, same phone, a name word at the same
 * PLZ), the rule decides and ranks them.
 */
export async function possibleDuplicates(db: Database, query: DuplicateQuery): Promise<PossibleDuplicate[]> {
  const typed = matchKeys(query);
  const name = (query.companyName?.trim() || query.lastName?.trim() || '').toLowerCase() || null;
  // One phone is typed at a time; its digits as the stored `phone_digits` holds them.
  const phoneDigits = typed.phones[0]?.replace(/\D/g, '') ?? null;
  if (!typed.email && !phoneDigits && !(typed.nameTokens.length && typed.zip)) return [];
  const { rows } = await sql<Candidate>`
    SELECT id, display_name AS "displayName", customer_number AS "customerNumber", city, zip, street, country,
      company_name AS "companyName", first_name AS "firstName", last_name AS "lastName", phone, mobile, email
    FROM customer
    WHERE id IS DISTINCT FROM ${query.excludeId ?? null}::int AND (
      (${typed.email}::text IS NOT NULL AND lower(email) = ${typed.email})
      -- the trigram index on the phones' digits finds the candidates, the rule compares the parsed numbers
      OR (${phoneDigits}::text IS NOT NULL AND phone_digits LIKE ${phoneDigits ? `%${escapeLike(phoneDigits)}%` : ''})
      OR (${typed.zip}::text IS NOT NULL AND id IN (
        SELECT customer_id FROM customer_match_key
        WHERE zip = ${typed.zip} AND name_tokens && ${typed.nameTokens}::text[]))
      -- customers typed in since the background job last read them
      OR (${name}::text IS NOT NULL AND ${typed.zip}::text IS NOT NULL
          AND lower(coalesce(company_name, last_name)) = ${name} AND zip = ${typed.zip}))
    ORDER BY last_activity_at DESC NULLS LAST, id
    LIMIT 50`.execute(db);
  return rows
    .map((row) => ({ row, ...scoreMatch(typed, matchKeys(row)) }))
    .filter((candidate) => candidate.score >= POSSIBLE_DUPLICATE)
    .sort((a, b) => b.score - a.score)
    .slice(0, 5)
    .map(({ row, reasons }) => ({
      id: row.id,
      displayName: row.displayName ?? '',
      customerNumber: row.customerNumber,
      zip: row.zip ?? null,
      city: row.city,
      reason: reasons.join(', '),
    }));
}
