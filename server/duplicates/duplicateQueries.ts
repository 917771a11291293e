import { sql } from 'kysely';
import { matchKeys, scoreMatch } from '../../src/resources/duplicates/duplicateScore.rules';
import {
  MERGE_FIELDS,
  type DuplicatePair,
  type MergeSide,
} from '../../src/resources/duplicates/duplicates.endpoints';
import type { Database } from '../platform/db/database';
import { notFound } from '../platform/http/apiError';
import { relatedCounts } from './relatedRows';

export interface PairPage {
  page?: number;
  perPage?: number;
  sort?: 'score' | 'name';
  order?: 'ASC' | 'DESC';
}

const side = (alias: string) => sql`jsonb_build_object('id', ${sql.ref(`${alias}.id`)},
  'displayName', ${sql.ref(`${alias}.display_name`)}, 'customerNumber', ${sql.ref(`${alias}.customer_number`)},
  'zip', ${sql.ref(`${alias}.zip`)}, 'city', ${sql.ref(`${alias}.city`)})`;

/**
 * One page of the likely pairs the job found, the best first (or by the first customer's name), with their
 * total. The page's keys come from `duplicate_pair` alone (its score index answers ORDER BY … LIMIT); names are
 * joined for those rows only.
 */
export async function listDuplicatePairs(
  db: Database,
  query: PairPage,
): Promise<{ data: DuplicatePair[]; total: number; computedAt: string | null }> {
  const perPage = query.perPage ?? 25;
  const offset = ((query.page ?? 1) - 1) * perPage;
  const descending = (query.order ?? (query.sort === 'name' ? 'ASC' : 'DESC')) === 'DESC';
  const direction = descending ? sql`DESC` : sql`ASC`;
  const order =
    query.sort === 'name'
      ? sql`a.display_name ${direction}, p.customer_id ${direction}, p.other_id ${direction}`
      : sql`p.score ${direction}, p.customer_id, p.other_id`;
  const page =
    query.sort === 'name'
      ? sql`SELECT p.* FROM duplicate_pair p JOIN customer a ON a.id = p.customer_id ORDER BY ${order}
          LIMIT ${perPage} OFFSET ${offset}`
      : sql`SELECT p.* FROM duplicate_pair p ORDER BY ${order} LIMIT ${perPage} OFFSET ${offset}`;
  const { rows } = await sql<DuplicatePair>`
    SELECT ${side('a')} AS customer, ${side('b')} AS other, p.score, p.reasons
    FROM (${page}) p
    JOIN customer a ON a.id = p.customer_id
    JOIN customer b ON b.id = p.other_id
    ORDER BY ${order}`.execute(db);
  const { rows: totals } = await sql<{ total: number; computedAt: Date | null }>`
    SELECT count(*)::int AS total, max(computed_at) AS "computedAt" FROM duplicate_pair`.execute(db);
  return {
    data: rows,
    total: totals[0]!.total,
    computedAt: totals[0]!.computedAt?.toISOString() ?? null,
  };
}

/** A customer as the merge screen shows it: each offered field stored and as people read it, and its rows. */
async function mergeSide(db: Database, id: number): Promise<MergeSide & { row: Record<string, unknown> }> {
  const { rows } = await sql<
    Record<string, unknown> & { branch_name: string | null; owner_name: string | null }
  >`
    SELECT c.*, b.name AS branch_name, u.name AS owner_name
    FROM customer c LEFT JOIN branch b ON b.id = c.branch_id LEFT JOIN app_user u ON u.id = c.owner_user_id
    WHERE c.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) throw notFound('Diesen Kunden gibt es nicht (mehr).');
  // Stored values as text (ids, "true"/"false"), empty ones as null, so the screen compares like with like.
  const text = (value: unknown) =>
    value === null || value === undefined || value === '' ? null : String(value);
  const values = Object.fromEntries(MERGE_FIELDS.map(({ source, column }) => [source, text(row[column])]));
  const shown = {
    ...values,
    branchId: row.branch_name,
    ownerUserId: row.owner_name,
  };
  return {
    id,
    version: row.version as number,
    customerNumber: (row.customer_number as string | null) ?? null,
    displayName: (row.display_name as string | null) ?? null,
    values,
    shown,
    related: await relatedCounts(db, id),
    row,
  };
}

const matchInputOf = (row: Record<string, unknown>) => ({
  companyName: row.company_name as string | null,
  firstName: row.first_name as string | null,
  lastName: row.last_name as string | null,
  street: row.street as string | null,
  zip: row.zip as string | null,
  country: row.country as string | null,
  phone: row.phone as string | null,
  mobile: row.mobile as string | null,
  email: row.email as string | null,
});

/** Both customers for the merge screen, scored now by the shared rule (they may have changed since the job). */
export async function mergePreview(db: Database, id: number, otherId: number) {
  const { row: a, ...customer } = await mergeSide(db, id);
  const { row: b, ...other } = await mergeSide(db, otherId);
  return { customer, other, ...scoreMatch(matchKeys(matchInputOf(a)), matchKeys(matchInputOf(b))) };
}
