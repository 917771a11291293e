import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { BulkDay, BulkMaster, BulkWords } from './bulkSeedTypes';

const wordCount = (words: BulkWords) => ({
  female: words.female.length,
  male: words.male.length,
  last: words.last.length,
  street: words.street.length,
});

/**
 * `total` customers, ids 1…total: 75 % private, 18 % business, 7 % dealers, branches by weight, a place and a
 * seller of the branch; customer 1 is the Bauträger, every 20th customer belongs to the skewed seller. The day
 * of the last activity is fixed here; the activities written later end on it.
 */
export async function insertCustomers(
  trx: Database,
  total: number,
  words: BulkWords,
  master: BulkMaster,
  skew: { sellerId: number; branchId: number },
  day: BulkDay,
): Promise<number> {
  const n = wordCount(words);
  const skewBranch = master.branches.findIndex((b) => b.id === skew.branchId);
  const totalWeight = master.branches.reduce((sum, b) => sum + b.weight, 0);
  const result = await sql`
    INSERT INTO customer (id, customer_number, customer_type, salutation, title, first_name, last_name, company_name,
      street, zip, city, country, phone, mobile, email, branch_id, owner_user_id, origin, newsletter_consent,
      last_activity_at, created_at, updated_at, updated_by)
    SELECT x.id, CASE WHEN x.country = 'AT' THEN 'K' ELSE 'R' END || (100000 + x.id),
      x.type, CASE WHEN x.company IS NOT NULL THEN 'Firma' WHEN pg_temp.rnd(x.id, 9) < 0.2 THEN 'Familie'
                   WHEN x.female THEN 'Frau' ELSE 'Herr' END,
      CASE WHEN x.company IS NULL AND pg_temp.rnd(x.id, 10) < 0.08
           THEN (${master.titles}::text[])[1 + floor(pg_temp.rnd(x.id, 11) * ${master.titles.length})::int] END,
      CASE WHEN x.id = 1 THEN NULL ELSE x.first_name END, CASE WHEN x.id = 1 THEN NULL ELSE x.last_name END,
      x.company, x.street, x.zip, x.city, x.country,
      CASE WHEN pg_temp.rnd(x.id, 12) < 0.7 THEN
        CASE WHEN x.country = 'AT' THEN '+43 ' ELSE '+49 ' END || x.area || ' ' || (200000 + floor(pg_temp.rnd(x.id, 13) * 800000)::int)
      END,
      CASE WHEN pg_temp.rnd(x.id, 14) < 0.75 THEN
        CASE WHEN x.country = 'AT'
          THEN '+43 ' || (ARRAY['650', '660', '664', '676', '680', '699'])[1 + floor(pg_temp.rnd(x.id, 15) * 6)::int]
               || ' ' || (10000000 + floor(pg_temp.rnd(x.id, 16) * 90000000)::int)
          ELSE '+49 ' || m.prefix || ' ' || CASE WHEN m.prefix IN ('151', '176')
            THEN (10000000 + floor(pg_temp.rnd(x.id, 16) * 90000000)::int)
            ELSE (1000000 + floor(pg_temp.rnd(x.id, 16) * 9000000)::int) END
        END
      END,
      CASE WHEN pg_temp.rnd(x.id, 17) < 0.85 THEN
        CASE WHEN x.company IS NOT NULL
          THEN 'office@' || left(pg_temp.ascii_mail(x.company), 18) || CASE WHEN x.country = 'AT' THEN '.at' ELSE '.de' END
          ELSE pg_temp.ascii_mail(x.first_name) || '.' || pg_temp.ascii_mail(x.last_name)
               || CASE WHEN pg_temp.rnd(x.id, 18) < 0.3 THEN (1 + floor(pg_temp.rnd(x.id, 19) * 99)::int)::text ELSE '' END
               || '@' || CASE WHEN x.country = 'AT'
                 THEN (ARRAY['gmx.at', 'aon.at', 'a1.net', 'chello.at', 'gmail.com', 'outlook.com'])[1 + floor(pg_temp.rnd(x.id, 20) * 6)::int]
                 ELSE (ARRAY['gmx.de', 'web.de', 't-online.de', 'gmail.com', 'outlook.de'])[1 + floor(pg_temp.rnd(x.id, 20) * 5)::int] END
        END
      END,
      x.branch_id, x.owner, (${master.origins}::text[])[1 + floor(pg_temp.rnd(x.id, 21) * ${master.origins.length})::int],
      pg_temp.rnd(x.id, 22) < 0.35,
      x.created_at + (${day.now}::timestamptz - x.created_at) * (0.2 + 0.8 * pg_temp.rnd(x.id, 23)),
      x.created_at, x.created_at, u.name
    FROM (
      SELECT g.id, b.id AS branch_id, b.country, p.zip, p.city, p.area,
        CASE WHEN g.id % 20 = 0 THEN ${skew.sellerId}::int ELSE s.id END AS owner,
        t.type, t.female, fn.word AS first_name, ln.word AS last_name,
        CASE WHEN g.id = 1 THEN 'Wohnbau Alpenblick Bauträger GmbH'
             WHEN t.type = 'gewerbe' THEN ln.word || CASE WHEN pg_temp.rnd(g.id, 30) < 0.4 THEN '-' || ln2.word
               ELSE ' ' || (ARRAY['GmbH', 'KG', 'OG', 'GmbH & Co KG', '& Söhne'])[1 + floor(pg_temp.rnd(g.id, 31) * 5)::int] END
             WHEN t.type = 'haendler' THEN (ARRAY['Fensterbau', 'Bau', 'Holzbau', 'Baumarkt', 'Tischlerei'])[1 + floor(pg_temp.rnd(g.id, 32) * 5)::int]
               || ' ' || ln2.word || ' ' || (ARRAY['GmbH', 'KG', 'GmbH & Co KG', 'e.U.'])[1 + floor(pg_temp.rnd(g.id, 33) * 4)::int]
        END AS company,
        st.word || ' ' || (1 + floor(pg_temp.rnd(g.id, 34) * 120)::int) AS street,
        ${day.todayStart}::timestamptz - (1 + 1499 * pg_temp.rnd(g.id, 35)) * interval '1 day' AS created_at
      FROM generate_series(1, ${total}) g(id)
      CROSS JOIN LATERAL (SELECT CASE WHEN g.id = 1 THEN 'gewerbe' WHEN pg_temp.rnd(g.id, 1) < 0.75 THEN 'privat'
                                      WHEN pg_temp.rnd(g.id, 1) < 0.93 THEN 'gewerbe' ELSE 'haendler' END AS type,
                                 pg_temp.rnd(g.id, 2) < 0.5 AS female,
                                 CASE WHEN g.id % 20 = 0 THEN ${skewBranch}::int END AS forced_branch) t
      JOIN seed_branch b ON CASE WHEN t.forced_branch IS NOT NULL THEN b.k = t.forced_branch
        ELSE pg_temp.rnd(g.id, 3) * ${totalWeight} >= b.from_w AND pg_temp.rnd(g.id, 3) * ${totalWeight} < b.to_w END
      JOIN seed_place p ON p.branch_id = b.id AND p.k = floor(pg_temp.rnd(g.id, 4) * p.n)::int
      JOIN seed_seller s ON s.branch_id = b.id AND s.k = floor(pg_temp.rnd(g.id, 5) * s.n)::int
      JOIN seed_word fn ON fn.kind = CASE WHEN t.female THEN 'female' ELSE 'male' END
        AND fn.k = floor(pg_temp.rnd(g.id, 6) * CASE WHEN t.female THEN ${n.female}::int ELSE ${n.male}::int END)::int
      JOIN seed_word ln ON ln.kind = 'last' AND ln.k = floor(pg_temp.rnd(g.id, 7) * ${n.last})::int
      JOIN seed_word ln2 ON ln2.kind = 'last' AND ln2.k = floor(pg_temp.rnd(g.id, 8) * ${n.last})::int
      JOIN seed_word st ON st.kind = 'street' AND st.k = floor(pg_temp.rnd(g.id, 36) * ${n.street})::int
    ) x
    CROSS JOIN LATERAL (SELECT (ARRAY['151', '160', '170', '171', '176'])[1 + floor(pg_temp.rnd(x.id, 15) * 5)::int] AS prefix) m
    LEFT JOIN app_user u ON u.id = x.owner`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The function a mail address is made with: umlauts written out, everything but letters and digits gone. */
export async function createAsciiMail(trx: Database): Promise<void> {
  await sql`CREATE FUNCTION pg_temp.ascii_mail(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT regexp_replace(replace(replace(replace(replace(lower(t), 'ä', 'ae'), 'ö', 'oe'), 'ü', 'ue'), 'ß', 'ss'),
                          '[^a-z0-9]+', '', 'g') $$`.execute(trx);
}

/** The counts the seed reports: the biggest customer's Vorgänge and the busiest seller's customers. */
export async function skewCounts(db: Database): Promise<{ bautraeger: number; seller: number }> {
  const { rows } = await sql<{ bautraeger: number; seller: number }>`
    SELECT (SELECT count(*)::int FROM vorgang WHERE customer_id = 1) AS bautraeger,
           (SELECT count(*)::int FROM customer GROUP BY owner_user_id ORDER BY 1 DESC LIMIT 1) AS seller`.execute(
    db,
  );
  return rows[0]!;
}
