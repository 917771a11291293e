import { sql, type RawBuilder } from 'kysely';
import { phoneSearchDigits } from '../../src/resources/customers/phone.rules';
import { SEARCH_GROUP_LIMIT, type SearchResult } from '../../src/resources/search/search.endpoints';
import type { Database } from '../platform/db/database';
import { searchWords } from '../../src/resources/searchWords.rules';

// A user's % and _ are literal characters, not wildcards.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const contains = (word: string) => `%${escapeLike(word.toLowerCase())}%`;

/**
 * At most this many matches of a group are ranked. The matches are read from their trigram index first
 * (fenced, MATERIALIZED), and only those are sorted: a broad word ("fenster") then costs one index scan, and a
 * rare one never walks a sort index past 237,000 rows looking for its few hits.
 */
const RANKED = 500;

/**
 * The rare part of a number: its longest run of digits when that is at least five digits and not the whole
 * word ("0320979" of "AN-2024-0320979"). Trigrams of a year or a prefix occur in a fifth of all numbers; the
 * digit run alone finds a handful of rows, and the whole word is then checked on those.
 */
function rarePart(word: string): string | undefined {
  const longest = (word.match(/\d+/g) ?? []).reduce(
    (best, run) => (run.length > best.length ? run : best),
    '',
  );
  return longest.length >= 5 && longest.length < word.length ? longest : undefined;
}

/** Every word must occur in `text` (any order); a number's rare digit run narrows the index scan first. */
function allWordsIn(text: RawBuilder<unknown>, words: string[]): RawBuilder<unknown> {
  return sql.join(
    words.map((word) => sql`${text} LIKE ${contains(rarePart(word) ?? word)}`),
    sql` AND `,
  );
}
function allWordsAgain(text: RawBuilder<unknown>, words: string[]): RawBuilder<unknown> {
  const checks = words.filter((word) => rarePart(word)).map((word) => sql`${text} LIKE ${contains(word)}`);
  return checks.length ? sql.join(checks, sql` AND `) : sql`TRUE`;
}

// What separates the words of a name: "Kranz-Mülleder", "Gruber, Maria", "Huber & Söhne", "St. Veit".
const WORD_START = `(^|[[:space:],.;:/&()'"-])`;
const escapeRegex = (text: string) => text.replace(/[\\^$.*+?()[\]{}|-]/g, (c) => `\\${c}`);

/**
 * How well a name matches the typed words, lower is better: per word 0 when a word of the name begins with it,
 * 1 when the name holds it inside a word, 2 when only another field (Kundennummer, e-mail, town, phone) does.
 * So "Mül" puts "Müllner" and "Kranz-Mülleder" before "Heydemüller-Becker", and that before a customer who
 * only lives in Mülln.
 */
function nameRank(name: RawBuilder<unknown>, words: string[]): RawBuilder<unknown> {
  return sql.join(
    words.map((word) => {
      const lower = word.toLowerCase();
      return sql`CASE WHEN ${name} ~ ${WORD_START + escapeRegex(lower)} THEN 0
        WHEN ${name} LIKE ${contains(lower)} THEN 1 ELSE 2 END`;
    }),
    sql` + `,
  );
}

/**
 * Kunden: every word in name, Kundennummer, e-mail, town, phone (the customer list's search_text, the rule of
 * its quick search), or the text as a phone number however it is typed (phone_digits). Ranked by the name
 * (nameRank): a word of the name beginning with the text first, then a name holding it, then the rest. The
 * names holding every word are read on their own (the name's trigram index) besides the other matches, so
 * that a broad text whose first RANKED matches are all in towns or e-mails still finds its names.
 */
async function customers(db: Database, words: string[], text: string) {
  const digits = phoneSearchDigits(text);
  const byWords = sql`(${allWordsIn(sql`c.search_text`, words)})`;
  const byName = sql.join(
    words.map((word) => sql`c.display_name ILIKE ${contains(word)}`),
    sql` AND `,
  );
  const byPhone = digits ? sql` OR c.phone_digits LIKE ${`%${digits}%`}` : sql``;
  const columns = sql`c.id, c.display_name, c.customer_number, c.city, c.phone, c.mobile, c.email, c.search_text,
        c.phone_digits, c.country`;
  const { rows } = await sql<SearchResult['customers'][number]>`
    WITH hits AS MATERIALIZED (
      (SELECT ${columns} FROM customer c WHERE ${byName} LIMIT ${RANKED})
      UNION
      (SELECT ${columns} FROM customer c WHERE (${byWords}${byPhone}) LIMIT ${RANKED}))
    SELECT id, display_name AS name, customer_number AS "customerNumber", city, coalesce(phone, mobile) AS phone, email,
      ${matchedField(words, digits)} AS matched
    FROM hits c
    WHERE (${allWordsAgain(sql`c.search_text`, words)}${byPhone})
    ORDER BY ${nameRank(sql`lower(c.display_name)`, words)}, display_name, id
    LIMIT ${SEARCH_GROUP_LIMIT}`.execute(db);
  return rows;
}

/**
 * The field a customer was found by, as the hit shows it ("Mobil: +43 664 …" for the mobile number typed, not the
 * landline): the phone or mobile number the digits are in, else the e-mail, Kundennummer or town holding a word the
 * name does not; null when the name itself matched.
 */
function matchedField(words: string[], digits: string | null): RawBuilder<unknown> {
  const field = (label: string, value: RawBuilder<unknown>) =>
    sql`jsonb_build_object('label', ${label}::text, 'value', ${value})`;
  const phones = digits
    ? sql`WHEN phone_digits(c.mobile, c.country) LIKE ${`%${digits}%`} THEN ${field('Mobil', sql`c.mobile`)}
      WHEN phone_digits(c.phone, c.country) LIKE ${`%${digits}%`} THEN ${field('Telefon', sql`c.phone`)}`
    : sql``;
  const outsideName = (column: RawBuilder<unknown>) =>
    sql.join(
      words.map(
        (word) => sql`(${column} ILIKE ${contains(word)} AND c.display_name NOT ILIKE ${contains(word)})`,
      ),
      sql` OR `,
    );
  return sql`CASE ${phones}
    WHEN ${outsideName(sql`c.email`)} THEN ${field('E-Mail', sql`c.email`)}
    WHEN ${outsideName(sql`c.customer_number`)} THEN ${field('Kundennummer', sql`c.customer_number`)}
    WHEN ${outsideName(sql`c.city`)} THEN ${field('Ort', sql`c.city`)}
    ELSE NULL END`;
}

/** Endkunden: every word in name or town; each with its newest Vorgang (where it is opened). */
async function endCustomers(db: Database, words: string[]) {
  const text = sql`lower(e.name || ' ' || coalesce(e.city, ''))`;
  const { rows } = await sql<SearchResult['endCustomers'][number]>`
    WITH hits AS MATERIALIZED (
      SELECT e.id, e.name, e.city FROM end_customer e WHERE ${allWordsIn(text, words)} LIMIT ${RANKED})
    SELECT e.id, e.name, e.city, v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber"
    FROM hits e
    LEFT JOIN LATERAL (
      SELECT id, vorgang_number FROM vorgang WHERE end_customer_id = e.id ORDER BY id DESC LIMIT 1
    ) v ON TRUE
    ORDER BY e.name, e.id
    LIMIT ${SEARCH_GROUP_LIMIT}`.execute(db);
  return rows;
}

/** Vorgänge: every word in Vorgangsnummer or Bezeichnung (the list's trigram expression); newest activity first. */
async function vorgaenge(db: Database, words: string[]) {
  const text = (alias: string) =>
    sql`lower(${sql.ref(`${alias}.vorgang_number`)} || ' ' || ${sql.ref(`${alias}.title`)})`;
  const { rows } = await sql<SearchResult['vorgaenge'][number]>`
    WITH hits AS MATERIALIZED (
      SELECT v.id, v.vorgang_number, v.title, v.customer_id, v.last_activity_at FROM vorgang v
      WHERE ${allWordsIn(text('v'), words)} LIMIT ${RANKED})
    SELECT h.id, h.vorgang_number AS "vorgangNumber", h.title, c.display_name AS "customerName"
    FROM hits h JOIN customer c ON c.id = h.customer_id
    WHERE ${allWordsAgain(text('h'), words)}
    ORDER BY lower(h.vorgang_number) = ${words.join(' ').toLowerCase()} DESC,
      h.last_activity_at DESC NULLS LAST, h.id DESC
    LIMIT ${SEARCH_GROUP_LIMIT}`.execute(db);
  return rows;
}

/** Belege: the Belegnummer contains the text (numbers hold digits: other texts skip this part). */
async function belege(db: Database, words: string[]) {
  if (!words.some((word) => /\d/.test(word))) return [];
  const text = sql`lower(b.beleg_number)`;
  const { rows } = await sql<SearchResult['belege'][number]>`
    WITH hits AS MATERIALIZED (
      SELECT b.id, b.beleg_number, b.beleg_type, b.beleg_date, b.vorgang_id FROM beleg b
      WHERE ${allWordsIn(text, words)} LIMIT ${RANKED})
    SELECT b.id, b.beleg_number AS "belegNumber", b.beleg_type AS "belegType", v.id AS "vorgangId",
      v.vorgang_number AS "vorgangNumber", c.display_name AS "customerName"
    FROM hits b JOIN vorgang v ON v.id = b.vorgang_id JOIN customer c ON c.id = v.customer_id
    WHERE ${allWordsAgain(text, words)}
    ORDER BY lower(b.beleg_number) = ${words.join(' ').toLowerCase()} DESC, b.beleg_date DESC, b.id DESC
    LIMIT ${SEARCH_GROUP_LIMIT}`.execute(db);
  return rows;
}

/**
 * Everything a text finds, grouped. Which rows: every APP_KUNDE member sees every customer, Endkunde, Vorgang
 * and Beleg of the company (the rule of the Kunden and Vorgänge lists, whose "nur meine" is a filter, not a
 * limit), and the endpoint lets no one else in. The four groups run side by side.
 */
export async function findEverything(db: Database, text: string): Promise<SearchResult> {
  const words = searchWords(text);
  if (!words.length) return { customers: [], endCustomers: [], vorgaenge: [], belege: [] };
  const [c, e, v, b] = await Promise.all([
    customers(db, words, text),
    endCustomers(db, words),
    vorgaenge(db, words),
    belege(db, words),
  ]);
  return { customers: c, endCustomers: e, vorgaenge: v, belege: b };
}
