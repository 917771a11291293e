import { sql, type Selectable } from 'kysely';
import { matchKeys, scoreMatch } from '../../src/resources/duplicates/duplicateScore.rules';
import {
  MERGE_FIELDS,
  type DuplicatePair,
  type MergeSide,
} from '../../src/resources/duplicates/duplicates.endpoints';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { badRequest, notFound } from '../platform/http/apiError';
import type { Caller } from '../platform/auth/caller';
import { recordChange } from '../platform/changes/recordChange';
import { relatedCounts } from './relatedRowQueries';

export interface PairPage {
  page?: number;
  perPage?: number;
  sort?: 'score' | 'name';
  order?: 'ASC' | 'DESC';
  q?: string;
  minScore?: number;
}

// A user's % and _ are literal characters, not wildcards.
const containsWord = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The pairs the search and the filter keep: every word in the name, number, PLZ or Ort of one of the two. */
function pairFilter(query: PairPage) {
  const words = (query.q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  const text = (alias: string) =>
    sql`concat_ws(' ', ${sql.ref(`${alias}.display_name`)}, ${sql.ref(`${alias}.customer_number`)},
      ${sql.ref(`${alias}.zip`)}, ${sql.ref(`${alias}.city`)})`;
  const conditions = words.map(
    (word) => sql`(${text('fa')} ILIKE ${containsWord(word)} OR ${text('fb')} ILIKE ${containsWord(word)})`,
  );
  if (query.minScore !== undefined) conditions.push(sql`p.score >= ${query.minScore}`);
  if (!conditions.length) return null;
  return sql`EXISTS (SELECT 1 FROM customer fa, customer fb
    WHERE fa.id = p.customer_id AND fb.id = p.other_id AND ${sql.join(conditions, sql` AND `)})`;
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
  const filter = pairFilter(query);
  const where = filter ? sql`WHERE ${filter}` : sql``;
  const page =
    query.sort === 'name'
      ? sql`SELECT p.* FROM duplicate_pair p JOIN customer a ON a.id = p.customer_id ${where} ORDER BY ${order}
          LIMIT ${perPage} OFFSET ${offset}`
      : sql`SELECT p.* FROM duplicate_pair p ${where} ORDER BY ${order} LIMIT ${perPage} OFFSET ${offset}`;
  const { rows } = await sql<DuplicatePair>`
    SELECT ${side('a')} AS customer, ${side('b')} AS other, p.score, p.reasons
    FROM (${page}) p
    JOIN customer a ON a.id = p.customer_id
    JOIN customer b ON b.id = p.other_id
    ORDER BY ${order}`.execute(db);
  const { rows: totals } = await sql<{ total: number; computedAt: Date | null }>`
    SELECT count(*) FILTER (WHERE ${filter ?? sql`TRUE`})::int AS total, min(computed_at) AS "computedAt"
    FROM duplicate_pair p`.execute(db);
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

/**
 * Marks a pair "Kein Duplikat": kept with who and when (never proposed again by the job or on save), taken off the
 * list, and recorded in the Änderungsverlauf on the first customer (shown on its timeline). Idempotent.
 */
export async function dismissPair(
  trx: Database,
  caller: Caller,
  pair: { customerId: number; otherId: number },
): Promise<{ customerId: number; otherId: number }> {
  const customerId = Math.min(pair.customerId, pair.otherId);
  const otherId = Math.max(pair.customerId, pair.otherId);
  if (customerId === otherId) throw badRequest('Ein Kunde ist kein Paar mit sich selbst.');
  const rows = await trx
    .selectFrom('customer')
    .select('id')
    .where('id', 'in', [customerId, otherId])
    .execute();
  if (rows.length < 2) throw notFound('Diesen Kunden gibt es nicht (mehr).');
  const inserted = await trx
    .insertInto('duplicate_dismissal')
    .values({
      customer_id: customerId,
      other_id: otherId,
      dismissed_by: caller.name,
      dismissed_by_oid: caller.oid,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  await trx
    .deleteFrom('duplicate_pair')
    .where('customer_id', '=', customerId)
    .where('other_id', '=', otherId)
    .execute();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) {
    await recordChange(trx, {
      actor: caller,
      area: 'kein-duplikat',
      recordId: customerId,
      customerId,
      before: null,
      after: { otherId },
    });
  }
  return { customerId, otherId };
}

/** A customer's row as a merge reads it: every column, by name. */
export type CustomerRow = Record<string, unknown> & {
  id: number;
  version: number;
  customer_number: string | null;
  display_name: string;
  updated_by: string | null;
};

/** Locks the customers' rows, in id order (two merges of the same pair cannot wait for each other). */
export async function lockCustomers(trx: Database, ids: number[]) {
  const { rows } = await sql<CustomerRow>`
    SELECT * FROM customer WHERE id IN (${sql.join(ids)}) ORDER BY id FOR UPDATE`.execute(trx);
  return rows;
}

/**
 * Writes a merge's chosen values (by column) to the surviving customer, its ERP number and the later last
 * activity of both, as a new version; answers the version.
 */
export async function writeSurvivor(
  trx: Database,
  keepId: number,
  values: Record<string, unknown>,
  other: { customerNumber: unknown; lastActivityAt: unknown; by: string },
): Promise<number> {
  const assignments = MERGE_FIELDS.map(({ column }) => sql`${sql.ref(column)} = ${values[column]}`);
  const { rows } = await sql<Pick<Selectable<DB['customer']>, 'version'>>`
    UPDATE customer SET ${sql.join(assignments)},
      customer_number = ${other.customerNumber},
      last_activity_at = greatest(last_activity_at, ${other.lastActivityAt}::timestamptz),
      version = version + 1, updated_at = now(), updated_by = ${other.by}
    WHERE id = ${keepId} RETURNING version`.execute(trx);
  return rows[0]!.version;
}
