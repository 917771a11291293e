import {
  POSSIBLE_DUPLICATE,
  matchKeys,
  scoreMatch,
} from '../../src/resources/duplicates/duplicateScore.rules';
import type { PossibleDuplicate } from '../../src/resources/customers/customers.endpoints';
import type { Database } from '../platform/db/database';
import { duplicateCandidates } from './customerQueries';

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
  const rows = await duplicateCandidates(db, query, typed, name, phoneDigits);
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
