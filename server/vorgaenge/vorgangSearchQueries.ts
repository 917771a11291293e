import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/database';
import { searchWords } from '../../src/resources/searchWords.rules';

// A user's % and _ are literal characters, not wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to this many hits the list reads them by id; beyond, the search is a condition on each row. */
export const FEW_HITS = 5000;

// Vorgangsnummer and Bezeichnung in one expression (vorgang_search_trgm_idx, migration 0010).
const textMatch = (alias: string, pattern: string) =>
  sql`lower(${sql.ref(`${alias}.vorgang_number`)} || ' ' || ${sql.ref(`${alias}.title`)}) LIKE ${pattern}`;

// Customer names hold no number worth searching and Belegnummern always hold digits, so each part is
// skipped where it cannot match.
const searchesNames = (text: string) => !/^[a-z]{0,4}-?\d[\d-]*$/i.test(text);
const searchesBelege = (text: string) => /\d/.test(text);

/**
 * The rare part of a number: its longest run of digits ("0320979" of "AN-2024-0320979"), when that is at least
 * five digits and not the whole text. The trigrams of a year or a prefix ("2024", "an-") occur in a fifth of all
 * numbers, and the trigram index then merges posting lists of 100.000 entries (AN-2024-0320979: 450 ms);
 * the digit run alone finds a handful of rows in a few ms, and the whole text is then checked on those.
 */
function rarePart(text: string): string | undefined {
  const longest = (text.match(/\d+/g) ?? []).reduce(
    (best, run) => (run.length > best.length ? run : best),
    '',
  );
  return longest.length >= 5 && longest.length < text.length ? longest : undefined;
}

const customerIds = (pattern: string) =>
  sql<{ id: number }>`SELECT sc.id FROM customer sc WHERE sc.display_name ILIKE ${pattern}`;

// Belege whose number contains the text; through the rare part first when there is one (OFFSET 0 keeps the
// planner from folding the whole pattern back into the index scan).
function belegVorgangIds(text: string, pattern: string) {
  const rare = rarePart(text);
  if (!rare) {
    return sql<{
      id: number;
    }>`SELECT b.vorgang_id AS id FROM beleg b WHERE lower(b.beleg_number) LIKE ${pattern}`;
  }
  return sql<{ id: number }>`SELECT n.id FROM (SELECT b.vorgang_id AS id, b.beleg_number FROM beleg b
    WHERE lower(b.beleg_number) LIKE ${`%${rare}%`} OFFSET 0) n WHERE lower(n.beleg_number) LIKE ${pattern}`;
}

// Vorgänge whose number or Bezeichnung contains the text (the rare part first, as for Belege).
function textHits(text: string, pattern: string) {
  const rare = rarePart(text);
  if (!rare) return sql<{ id: number }>`SELECT s.id FROM vorgang s WHERE ${textMatch('s', pattern)}`;
  return sql<{ id: number }>`SELECT n.id FROM (SELECT s.id, s.vorgang_number, s.title FROM vorgang s
    WHERE ${textMatch('s', `%${rare}%`)} OFFSET 0) n WHERE ${textMatch('n', pattern)}`;
}

// All hits as Vorgang ids: Vorgangsnummer/Bezeichnung, the customer's name, Belegnummer, each on its own
// trigram index.
function searchHits(text: string, pattern: string): RawBuilder<{ id: number }> {
  const parts = [textHits(text, pattern)];
  if (searchesNames(text)) {
    parts.push(sql`SELECT s.id FROM vorgang s WHERE s.customer_id = ANY(ARRAY(${customerIds(pattern)}))`);
  }
  if (searchesBelege(text)) parts.push(belegVorgangIds(text, pattern));
  return sql<{ id: number }>`${sql.join(parts, sql` UNION `)}`;
}

/**
 * The planner's guess how many Vorgänge match the text part. Resolving a broad word ("fenster": 100.000
 * hits) through the trigram index costs more than the whole first page, so such a search skips that step.
 * A wrong guess only chooses the slower of two equal answers.
 */
async function estimatedTextHits(db: Database, pattern: string): Promise<number> {
  const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`
    EXPLAIN (FORMAT JSON) SELECT 1 FROM vorgang s WHERE ${textMatch('s', pattern)}`.execute(db);
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0;
}

/** Ids of a part (customers, Belege) up to FEW_HITS as a parameter; beyond, the subquery itself. */
async function idsOrSubquery(db: Database, query: RawBuilder<{ id: number }>): Promise<RawBuilder<unknown>> {
  const { rows } = await sql<{ id: number }>`${query} LIMIT ${FEW_HITS + 1}`.execute(db);
  return rows.length <= FEW_HITS ? sql`ANY(${rows.map((row) => row.id)}::int[])` : sql`ANY(ARRAY(${query}))`;
}

/**
 * The quick search as a condition on alias v: every word typed (searchWords, the rule of all lists) must be
 * found, in any order, in Vorgangsnummer, Bezeichnung, the customer's name or a Belegnummer ("Janke Breu"
 * finds the Vorgänge of "Breu, Janke"). Each word is one condition (wordCondition), all of them must hold.
 */
export async function quickSearchCondition(db: Database, text: string): Promise<RawBuilder<unknown>> {
  const words = searchWords(text);
  if (!words.length) return sql`TRUE`;
  const conditions = await Promise.all(words.map((word) => wordCondition(db, word)));
  return conditions.length === 1 ? conditions[0]! : sql`(${sql.join(conditions, sql` AND `)})`;
}

/**
 * One word as a condition on alias v: Vorgangsnummer, Bezeichnung, the customer's name and Belegnummer
 * (contains, any case). A narrow word (a number, a name) is resolved to its ids first, so the list and the
 * counts read only those rows. A broad one becomes a condition each row is checked against (the customer
 * and Beleg parts resolved once): the first page then walks the sort order and stops after 25 rows.
 */
async function wordCondition(db: Database, text: string): Promise<RawBuilder<unknown>> {
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  if ((await estimatedTextHits(db, pattern)) <= 2 * FEW_HITS) {
    const { rows } = await sql<{ id: number }>`${searchHits(text, pattern)} LIMIT ${FEW_HITS + 1}`.execute(
      db,
    );
    // The hits are read by id, then sorted: fenced (OFFSET 0), because the planner otherwise walks the whole
    // sort index looking for them ("gruber": 187 hits, 90 ms instead of 10).
    if (rows.length <= FEW_HITS) {
      return sql`v.id IN (SELECT unnest(${rows.map((row) => row.id)}::int[]) OFFSET 0)`;
    }
  }
  const parts = [textMatch('v', pattern)];
  if (searchesNames(text)) parts.push(sql`v.customer_id = ${await idsOrSubquery(db, customerIds(pattern))}`);
  if (searchesBelege(text))
    parts.push(sql`v.id = ${await idsOrSubquery(db, belegVorgangIds(text, pattern))}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

/** A column filter's "contains" value as a LIKE pattern (lower case, wildcards escaped). */
export const containsPattern = (value: string) => `%${escapeLike(value.toLowerCase())}%`;
/** A column filter's "starts with" value as a LIKE pattern. */
export const prefixPattern = (value: string) => `${escapeLike(value.toLowerCase())}%`;
