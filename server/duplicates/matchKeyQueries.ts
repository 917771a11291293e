import { sql, type Selectable } from 'kysely';
import {
  LIKELY_DUPLICATE,
  matchKeys,
  scoreMatch,
  type MatchKeys,
} from '../../src/resources/duplicates/duplicateScore.rules';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';

const BATCH = 2000;
/**
 * A name, e-mail, phone or address shared by more customers than this says nothing about any two of them
 * ("Maria Huber" in Wien, a family's landline, an agency's address); such blocks are skipped, or the pairs
 * would grow with the square of the block.
 */
const LARGEST_BLOCK = 25;

interface KeyRow {
  customer_id: number;
  name_tokens: string[];
  email: string | null;
  phones: string[];
  street: string | null;
  zip: string | null;
}

const keysOf = (row: KeyRow): MatchKeys => ({
  nameTokens: row.name_tokens,
  email: row.email,
  phones: row.phones,
  street: row.street,
  zip: row.zip,
});

/**
 * Brings `customer_match_key` up to date: the keys of every customer that is new or changed since they were
 * computed (its version differs), a batch at a time, in order of id. Answers how many it computed.
 */
export async function refreshMatchKeys(db: Database, onlyId: number | null = null): Promise<number> {
  let after = 0;
  let computed = 0;
  for (;;) {
    const { rows } = await sql<
      Pick<
        Selectable<DB['customer']>,
        | 'id'
        | 'version'
        | 'company_name'
        | 'first_name'
        | 'last_name'
        | 'street'
        | 'zip'
        | 'country'
        | 'phone'
        | 'mobile'
        | 'email'
      >
    >`
      SELECT c.id, c.version, c.company_name, c.first_name, c.last_name, c.street, c.zip, c.country, c.phone,
        c.mobile, c.email
      FROM customer c LEFT JOIN customer_match_key k ON k.customer_id = c.id
      WHERE c.id > ${after} AND k.customer_version IS DISTINCT FROM c.version
        AND (${onlyId}::int IS NULL OR c.id = ${onlyId}::int)
      ORDER BY c.id LIMIT ${BATCH}`.execute(db);
    if (!rows.length) return computed;
    after = rows.at(-1)!.id;
    computed += rows.length;
    const keys = rows.map((row) =>
      matchKeys({
        companyName: row.company_name,
        firstName: row.first_name,
        lastName: row.last_name,
        street: row.street,
        zip: row.zip,
        country: row.country,
        phone: row.phone,
        mobile: row.mobile,
        email: row.email,
      }),
    );
    // Arrays of arrays do not pass as parameters; the phones travel as one JSON array per customer.
    await sql`
      INSERT INTO customer_match_key (customer_id, customer_version, name_tokens, name_key, email, phones, street, zip)
      SELECT id, version, ARRAY(SELECT jsonb_array_elements_text(names)), nullif(name_key, ''), email,
        ARRAY(SELECT jsonb_array_elements_text(phones)), street, zip
      FROM unnest(${rows.map((r) => r.id)}::int[], ${rows.map((r) => r.version)}::int[],
        ${keys.map((k) => JSON.stringify(k.nameTokens))}::jsonb[], ${keys.map((k) => k.nameTokens.join(' '))}::text[],
        ${keys.map((k) => k.email)}::text[], ${keys.map((k) => JSON.stringify(k.phones))}::jsonb[],
        ${keys.map((k) => k.street)}::text[], ${keys.map((k) => k.zip)}::text[])
        AS k(id, version, names, name_key, email, phones, street, zip)
      ON CONFLICT (customer_id) DO UPDATE SET customer_version = EXCLUDED.customer_version,
        name_tokens = EXCLUDED.name_tokens, name_key = EXCLUDED.name_key, email = EXCLUDED.email,
        phones = EXCLUDED.phones, street = EXCLUDED.street, zip = EXCLUDED.zip`.execute(db);
  }
}

/**
 * Rewrites `duplicate_pair`: the pairs that share a block (the same folded name, e-mail, phone or address)
 * are scored by the shared rule, and those from LIKELY_DUPLICATE on are kept. Runs in the job's transaction,
 * so the list shows the previous result until this one is complete. Answers the number of pairs.
 */
export async function recomputePairs(db: Database): Promise<number> {
  await sql`CREATE TEMP TABLE candidate_pair (a integer, b integer, PRIMARY KEY (a, b)) ON COMMIT DROP`.execute(
    db,
  );
  // Each block: the values shared by 2..LARGEST_BLOCK customers, then every pair within one value.
  const blocks = [
    sql`SELECT customer_id, name_key AS value FROM customer_match_key WHERE name_key IS NOT NULL`,
    sql`SELECT customer_id, email AS value FROM customer_match_key WHERE email IS NOT NULL`,
    sql`SELECT customer_id, unnest(phones) AS value FROM customer_match_key`,
    sql`SELECT customer_id, zip || ' ' || street AS value FROM customer_match_key WHERE street IS NOT NULL AND zip IS NOT NULL`,
  ];
  for (const values of blocks) {
    await sql`
      WITH v AS (${values}),
        shared AS (SELECT value FROM v GROUP BY value HAVING count(DISTINCT customer_id) BETWEEN 2 AND ${LARGEST_BLOCK})
      INSERT INTO candidate_pair (a, b)
      SELECT DISTINCT x.customer_id, y.customer_id
      FROM shared JOIN v x ON x.value = shared.value JOIN v y ON y.value = shared.value AND y.customer_id > x.customer_id
      ON CONFLICT DO NOTHING`.execute(db);
  }
  // A pair marked "Kein Duplikat" is never proposed again.
  await sql`DELETE FROM candidate_pair p USING duplicate_dismissal d
    WHERE d.customer_id = p.a AND d.other_id = p.b`.execute(db);
  await db.deleteFrom('duplicate_pair').execute();
  let found = 0;
  let after = { a: 0, b: 0 };
  for (;;) {
    const { rows } = await sql<{ a: number; b: number; x: KeyRow; y: KeyRow }>`
      SELECT p.a, p.b, to_jsonb(x) AS x, to_jsonb(y) AS y
      FROM candidate_pair p
      JOIN customer_match_key x ON x.customer_id = p.a
      JOIN customer_match_key y ON y.customer_id = p.b
      WHERE (p.a, p.b) > (${after.a}, ${after.b})
      ORDER BY p.a, p.b LIMIT ${BATCH}`.execute(db);
    if (!rows.length) return found;
    after = { a: rows.at(-1)!.a, b: rows.at(-1)!.b };
    const likely = rows
      .map((row) => ({ ...row, ...scoreMatch(keysOf(row.x), keysOf(row.y)) }))
      .filter((pair) => pair.score >= LIKELY_DUPLICATE);
    if (!likely.length) continue;
    found += likely.length;
    await sql`
      INSERT INTO duplicate_pair (customer_id, other_id, score, reasons)
      SELECT a, b, score, ARRAY(SELECT jsonb_array_elements_text(reasons))
      FROM unnest(${likely.map((p) => p.a)}::int[], ${likely.map((p) => p.b)}::int[],
        ${likely.map((p) => p.score)}::int[], ${likely.map((p) => JSON.stringify(p.reasons))}::jsonb[])
        AS p(a, b, score, reasons)`.execute(db);
  }
}

/**
 * The pairs of one customer, anew, right when it is saved (in the save's transaction): its keys, the customers
 * sharing its name, e-mail, a phone or its address (the indexed blocks the job uses), scored by the shared rule;
 * so a duplicate typed in now shows in the list without waiting for the job. Pairs marked "Kein Duplikat" stay out.
 */
export async function refreshDuplicatesOf(db: Database, customerId: number): Promise<void> {
  await refreshMatchKeys(db, customerId);
  const { rows } = await sql<{ id: number; x: KeyRow; y: KeyRow }>`
    SELECT y.customer_id AS id, to_jsonb(x) AS x, to_jsonb(y) AS y
    FROM customer_match_key x
    JOIN customer_match_key y ON y.customer_id <> x.customer_id AND (
      y.name_key = x.name_key OR y.email = x.email OR y.phones && x.phones
      OR (y.zip = x.zip AND y.street = x.street))
    WHERE x.customer_id = ${customerId}
    LIMIT ${LARGEST_BLOCK * 4}`.execute(db);
  await db
    .deleteFrom('duplicate_pair')
    .where((eb) => eb.or([eb('customer_id', '=', customerId), eb('other_id', '=', customerId)]))
    .execute();
  const likely = rows
    .map((row) => ({ other: row.id, ...scoreMatch(keysOf(row.x), keysOf(row.y)) }))
    .filter((pair) => pair.score >= LIKELY_DUPLICATE);
  if (!likely.length) return;
  await sql`
    INSERT INTO duplicate_pair (customer_id, other_id, score, reasons)
    SELECT least(${customerId}::int, p.other), greatest(${customerId}::int, p.other), p.score,
      ARRAY(SELECT jsonb_array_elements_text(p.reasons))
    FROM unnest(${likely.map((p) => p.other)}::int[], ${likely.map((p) => p.score)}::int[],
      ${likely.map((p) => JSON.stringify(p.reasons))}::jsonb[]) AS p(other, score, reasons)
    WHERE NOT EXISTS (SELECT 1 FROM duplicate_dismissal d
      WHERE d.customer_id = least(${customerId}::int, p.other) AND d.other_id = greatest(${customerId}::int, p.other))
    ON CONFLICT (customer_id, other_id) DO UPDATE SET score = EXCLUDED.score, reasons = EXCLUDED.reasons,
      computed_at = now()`.execute(db);
}

/**
 * The keys of new and changed customers, then the pairs anew, in one transaction (the list shows the previous
 * result until this one is complete); answers the pairs found.
 */
export async function refreshDuplicates(db: Database): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await refreshMatchKeys(trx);
    return recomputePairs(trx);
  });
}
