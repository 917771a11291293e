import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { BulkMaster, BulkWords } from './bulkSeedTypes';

/*
 * The set-based seed of `npm run seed`: every row is computed inside PostgreSQL from `generate_series` and
 * deterministic pseudo-random numbers (a hash of the row's number and a salt), so a million customers with
 * their Vorgänge, Belege, positions, activities and history take minutes, not hours of rows through the client.
 * The word lists and master data come in as JSON and become temporary tables of this transaction (here); the
 * rows are written by bulkCustomerQueries, bulkVorgangQueries and bulkActivityQueries.
 */

/**
 * The temporary tables and functions the statements below draw from: `pg_temp.rnd(n, salt)` is a number in
 * [0, 1) fixed by its arguments, `seed_word` the name lists, `seed_branch`/`seed_place`/`seed_seller` the
 * branches with their places and sellers (chosen by weight), `seed_kind`/`seed_kind_article` the kinds of
 * project with their articles, and `pg_temp.seed_lines(vorgang, kind)` a Vorgang's positions.
 */
export async function createDrawTables(trx: Database, words: BulkWords, master: BulkMaster): Promise<void> {
  await sql`CREATE FUNCTION pg_temp.rnd(n bigint, salt int) RETURNS float8 LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT (hashint8(n * 7919 + salt) & 2147483647)::float8 / 2147483648.0 $$`.execute(trx);
  await sql`CREATE TEMP TABLE seed_word ON COMMIT DROP AS
    SELECT e.key AS kind, (w.ord - 1)::int AS k, w.word
    FROM jsonb_each(${JSON.stringify(words)}::jsonb) e, jsonb_array_elements_text(e.value) WITH ORDINALITY w(word, ord)`.execute(
    trx,
  );
  await sql`CREATE UNIQUE INDEX ON seed_word (kind, k)`.execute(trx);
  let from = 0;
  const branches = master.branches.map((b, k) => {
    const row = { k, id: b.id, country: b.country, from_w: from, to_w: from + b.weight };
    from += b.weight;
    return row;
  });
  await sql`CREATE TEMP TABLE seed_branch ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(branches)}::jsonb)
      AS b(k int, id int, country text, from_w int, to_w int)`.execute(trx);
  const places = master.branches.flatMap((b) => b.places.map((p, k) => ({ branch_id: b.id, k, ...p })));
  await sql`CREATE TEMP TABLE seed_place ON COMMIT DROP AS
    SELECT p.*, count(*) OVER (PARTITION BY p.branch_id)::int AS n
    FROM jsonb_to_recordset(${JSON.stringify(places)}::jsonb) AS p(branch_id int, k int, zip text, city text, area text)`.execute(
    trx,
  );
  const sellers = master.branches.flatMap((b) => {
    const own = master.sellers.filter((s) => s.branchId === b.id);
    return (own.length ? own : master.sellers).map((s, k) => ({ branch_id: b.id, k, id: s.id }));
  });
  await sql`CREATE TEMP TABLE seed_seller ON COMMIT DROP AS
    SELECT s.*, count(*) OVER (PARTITION BY s.branch_id)::int AS n
    FROM jsonb_to_recordset(${JSON.stringify(sellers)}::jsonb) AS s(branch_id int, k int, id int)`.execute(
    trx,
  );
  from = 0;
  const kinds = master.kinds.map((kind, k) => {
    const row = { k, title: kind.title, from_w: from, to_w: from + kind.weight, n: kind.articles.length };
    from += kind.weight;
    return row;
  });
  await sql`CREATE TEMP TABLE seed_kind ON COMMIT DROP AS
    SELECT * FROM jsonb_to_recordset(${JSON.stringify(kinds)}::jsonb)
      AS k(k int, title text, from_w int, to_w int, n int)`.execute(trx);
  const kindArticles = master.kinds.flatMap((kind, k) =>
    kind.articles.map((id, at) => ({ kind: k, at, id })),
  );
  await sql`CREATE TEMP TABLE seed_kind_article ON COMMIT DROP AS
    SELECT ka.kind, ka.at, a.id, a.article_number, a.name, a.unit, a.price_cents, a.cost_cents, a.goods_group_id
    FROM jsonb_to_recordset(${JSON.stringify(kindArticles)}::jsonb) AS ka(kind int, at int, id int)
    JOIN article a ON a.id = ka.id`.execute(trx);
  await sql`CREATE UNIQUE INDEX ON seed_kind_article (kind, at)`.execute(trx);
  // Up to five different articles of the kind, quantities by unit, prices 88–105 % of the list price.
  await sql`CREATE FUNCTION pg_temp.seed_lines(line_vorgang bigint, line_kind int)
    RETURNS TABLE (pos int, article_id int, article_number text, name text, unit text, goods_group_id int,
                   quantity int, unit_price bigint, cost bigint)
    LANGUAGE sql STABLE AS $$
      SELECT l, a.id, a.article_number, a.name, a.unit, a.goods_group_id, q.quantity,
             round(a.price_cents * (0.88 + 0.17 * pg_temp.rnd(line_vorgang, 100 + l)))::bigint, a.cost_cents
      FROM seed_kind k
      CROSS JOIN generate_series(1, 1 + floor(pg_temp.rnd(line_vorgang, 90) * least(5, k.n))::int) l
      JOIN seed_kind_article a ON a.kind = k.k AND a.at = (floor(pg_temp.rnd(line_vorgang, 91) * k.n)::int + l - 1) % k.n
      CROSS JOIN LATERAL (SELECT (CASE WHEN a.unit = 'lfm' THEN 3 + floor(pg_temp.rnd(line_vorgang, 120 + l) * 16)
                                       WHEN a.unit = 'Psch' THEN 1
                                       ELSE 1 + floor(pg_temp.rnd(line_vorgang, 120 + l)
                                                      * CASE WHEN a.price_cents > 200000 THEN 2 ELSE 10 END)
                                  END)::int AS quantity) q
      WHERE k.k = line_kind $$`.execute(trx);
  await sql`ANALYZE seed_word, seed_branch, seed_place, seed_seller, seed_kind, seed_kind_article`.execute(
    trx,
  );
}
