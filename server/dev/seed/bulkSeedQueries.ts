import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/**
 * The set-based seed of `npm run seed`: every row is computed inside PostgreSQL from `generate_series` and
 * deterministic pseudo-random numbers (a hash of the row's number and a salt), so a million customers with
 * their Vorgänge, Belege, positions, activities and history take minutes, not hours of rows through the client.
 * The word lists and master data come in as JSON and become temporary tables of this transaction.
 */

/** The seed's tables whose indexes, foreign keys and triggers wait until their rows are written. */
export const BULK_TABLES = [
  'customer',
  'customer_label',
  'vorgang',
  'vorgang_label',
  'beleg',
  'beleg_position',
  'activity',
  'nps_answer',
  'timeline_note',
  'change_record',
  'vorgang_event',
] as const;

export interface BulkWords {
  female: string[];
  male: string[];
  last: string[];
  street: string[];
}

export interface BulkMaster {
  branches: {
    id: number;
    country: 'AT' | 'DE';
    weight: number;
    places: { zip: string; city: string; area: string }[];
  }[];
  sellers: { id: number; branchId: number }[];
  kinds: { title: string; weight: number; articles: number[] }[];
  customerLabels: { id: number; dueAfterDays: number | null }[];
  vorgangLabels: { id: number; dueAfterDays: number }[];
  reasons: number[];
  customStatuses: Record<string, number>;
  activityTypes: string[];
  origins: string[];
  titles: string[];
  lostReasons: string[];
}

/** What a bulk load put aside (indexes, foreign keys) to put back when its rows are in. */
export interface PutAside {
  indexes: string[];
  foreignKeys: { table: string; name: string; definition: string }[];
}

/**
 * Drops the secondary indexes and foreign keys of the tables and switches off their triggers (the automation
 * events, the Microsoft 365 queue, the owner copies and milestones, which the rows already carry): building an
 * index once after the load is many times faster than keeping it up row by row. Only inside a transaction.
 */
export async function putAside(trx: Database, tables: readonly string[]): Promise<PutAside> {
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    SELECT format('%I', ic.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE c.relnamespace = 'public'::regnamespace AND c.relname = ANY(${tables}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`.execute(trx);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`
    SELECT format('%I', c.relname) AS table, format('%I', k.conname) AS name, pg_get_constraintdef(k.oid) AS definition
    FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
    WHERE k.contype = 'f' AND k.conparentid = 0 AND c.relnamespace = 'public'::regnamespace
      AND c.relname = ANY(${tables}::text[])`.execute(trx);
  for (const fk of foreignKeys) {
    await sql`ALTER TABLE ${sql.raw(fk.table)} DROP CONSTRAINT ${sql.raw(fk.name)}`.execute(trx);
  }
  for (const index of indexes) await sql`DROP INDEX ${sql.raw(index.name)}`.execute(trx);
  for (const table of tables) await sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER USER`.execute(trx);
  return { indexes: indexes.map((i) => i.definition), foreignKeys };
}

/** Builds the indexes again, checks and restores the foreign keys and switches the triggers back on. */
export async function putBack(trx: Database, tables: readonly string[], aside: PutAside): Promise<void> {
  for (const definition of aside.indexes) await sql.raw(definition).execute(trx);
  for (const fk of aside.foreignKeys) {
    await sql`ALTER TABLE ${sql.raw(fk.table)} ADD CONSTRAINT ${sql.raw(fk.name)} ${sql.raw(fk.definition)}`.execute(
      trx,
    );
  }
  for (const table of tables) await sql`ALTER TABLE ${sql.table(table)} ENABLE TRIGGER USER`.execute(trx);
}

/** Memory for the sorts of the load and the index builds, for this transaction only. */
export async function bulkSessionSettings(trx: Database): Promise<void> {
  await sql`SET LOCAL maintenance_work_mem = '1GB'`.execute(trx);
  await sql`SET LOCAL work_mem = '256MB'`.execute(trx);
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

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

export interface BulkDay {
  /** The company's today (yyyy-MM-dd), its start as an instant, the instant of seeding, the tenant's zone. */
  today: string;
  todayStart: Date;
  now: Date;
  zone: string;
}

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

/**
 * The Vorgänge: 1–5 a customer (35/25/18/12/10 %), the Bauträger (customer 1) `bautraeger` of them; kind and
 * status by weight, started between the customer's creation and last activity, the days of the first Angebot,
 * Auftragsbestätigung and Rechnung as its Belege will have them, its total from its positions
 * (`pg_temp.seed_lines`) and its board place as renumberBoard gives it.
 */
export async function insertVorgaenge(
  trx: Database,
  master: BulkMaster,
  bautraeger: number,
  day: BulkDay,
  boardGap: number,
): Promise<number> {
  const kindWeight = master.kinds.reduce((sum, k) => sum + k.weight, 0);
  const cs = master.customStatuses;
  const result = await sql`
    INSERT INTO vorgang (id, vorgang_number, customer_id, title, origin, branch_id, seller_user_id, system_status,
      custom_status_id, board_position, net_total_cents, plan_db_cents, expected_value_cents, expected_order_date,
      lost_reason, last_activity_at, created_at, updated_at, updated_by, first_offer_date, first_order_date,
      first_invoice_date)
    SELECT y.id, 'V' || to_char(y.started AT TIME ZONE ${day.zone}, 'YY') || '-' || lpad(y.id::text, greatest(6, length(y.id::text)), '0'),
      y.customer_id, y.title, (${master.origins}::text[])[1 + floor(pg_temp.rnd(y.id, 40) * ${master.origins.length})::int],
      y.branch_id, y.seller, y.status, y.custom_status_id,
      CASE WHEN y.status IN ('anfrage', 'angebot', 'auftrag')
        THEN ${boardGap}::int * row_number() OVER (PARTITION BY y.status IN ('anfrage', 'angebot', 'auftrag'),
                                                   coalesce(y.custom_status_id, 0) ORDER BY y.id)
        ELSE y.id END,
      CASE WHEN y.status = 'anfrage' THEN 0 ELSE l.net END,
      CASE WHEN y.status = 'anfrage' THEN NULL ELSE l.net - l.cost END,
      CASE WHEN y.status = 'anfrage' THEN round(l.net * (0.8 + (y.id % 5) / 10.0) / 10000) * 10000 END,
      CASE WHEN y.status = 'angebot' THEN greatest(${day.today}::date - 5 + floor(pg_temp.rnd(y.id, 41) * 96)::int, y.offer_day)
           WHEN y.status = 'anfrage' THEN ${day.today}::date + 14 + (y.id % 110)::int END,
      CASE WHEN y.status = 'verloren'
        THEN (${master.lostReasons}::text[])[1 + floor(pg_temp.rnd(y.id, 42) * ${master.lostReasons.length})::int] END,
      y.started, y.started, y.started, y.seller_name,
      y.offer_day, y.order_day, y.invoice_day
    FROM (
      SELECT w.*,
        CASE WHEN w.status IN ('auftrag', 'rechnung') THEN least(w.offer_day + floor(pg_temp.rnd(w.id, 51) * 30)::int, ${day.today}::date) END AS order_day
      FROM (
        SELECT v.*, k.k AS kind, k.title,
          CASE WHEN v.status <> 'anfrage'
            THEN least(((v.started + pg_temp.rnd(v.id, 50) * interval '30 days') AT TIME ZONE ${day.zone})::date, ${day.today}::date) END AS offer_day,
          CASE v.status
            WHEN 'anfrage' THEN CASE WHEN pg_temp.rnd(v.id, 52) < 0.5 THEN ${cs['Erstkontakt']}::int ELSE ${cs['Aufmaß geplant']}::int END
            WHEN 'angebot' THEN (ARRAY[${cs['Angebot in Arbeit']}::int, ${cs['Nachfassen']}::int, ${cs['Verhandlung']}::int])[1 + floor(pg_temp.rnd(v.id, 52) * 3)::int]
            WHEN 'verloren' THEN ${cs['Verhandlung']}::int
            ELSE ${cs['Montage geplant']}::int END AS custom_status_id
        FROM (
          SELECT u.*,
            CASE WHEN pg_temp.rnd(u.id, 43) < 0.15 THEN 'anfrage' WHEN pg_temp.rnd(u.id, 43) < 0.55 THEN 'angebot'
                 WHEN pg_temp.rnd(u.id, 43) < 0.73 THEN 'auftrag' WHEN pg_temp.rnd(u.id, 43) < 0.90 THEN 'rechnung'
                 ELSE 'verloren' END AS status,
            u.created + (u.last_touch - u.created) * pg_temp.rnd(u.id, 44) AS started
          FROM (
            SELECT nextval(pg_get_serial_sequence('vorgang', 'id')) AS id, c.id AS customer_id, c.branch_id,
              c.owner_user_id AS seller, c.updated_by AS seller_name, c.created_at AS created, c.last_activity_at AS last_touch
            FROM customer c
            CROSS JOIN LATERAL generate_series(1, CASE WHEN c.id = 1 THEN ${bautraeger}::int ELSE
              CASE WHEN pg_temp.rnd(c.id, 45) < 0.35 THEN 1 WHEN pg_temp.rnd(c.id, 45) < 0.60 THEN 2
                   WHEN pg_temp.rnd(c.id, 45) < 0.78 THEN 3 WHEN pg_temp.rnd(c.id, 45) < 0.90 THEN 4 ELSE 5 END END) g
          ) u
        ) v
        JOIN seed_kind k ON pg_temp.rnd(v.id, 46) * ${kindWeight} >= k.from_w AND pg_temp.rnd(v.id, 46) * ${kindWeight} < k.to_w
      ) w
    ) y2
    CROSS JOIN LATERAL (SELECT y2.*,
      CASE WHEN y2.status = 'rechnung' THEN least(y2.order_day + floor(pg_temp.rnd(y2.id, 53) * 30)::int, ${day.today}::date) END AS invoice_day) y
    CROSS JOIN LATERAL (SELECT sum(q.quantity * q.unit_price) AS net, sum(q.quantity * q.cost) AS cost
                        FROM pg_temp.seed_lines(y.id, y.kind) q) l`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** One Beleg a milestone of each Vorgang (on its day, noon), numbered by its id; the Vorgang's seller and branch. */
export async function insertBelege(trx: Database, day: BulkDay): Promise<number> {
  const result = await sql`
    INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents, gross_cents, status,
      seller_user_id, branch_id, created_at, updated_at, updated_by)
    SELECT x.vorgang_id, x.prefix || '-' || to_char(x.day, 'YYYY') || '-' || lpad(x.id::text, greatest(7, length(x.id::text)), '0'),
      x.type, x.day, x.net, round(x.net * CASE WHEN x.country = 'AT' THEN 1.2 ELSE 1.19 END),
      CASE WHEN x.type = 'rechnung' AND pg_temp.rnd(x.id, 60) < 0.67 THEN 'bezahlt' ELSE 'offen' END,
      x.seller_user_id, x.branch_id, x.at, x.at, x.updated_by
    FROM (
      SELECT nextval(pg_get_serial_sequence('beleg', 'id')) AS id, v.id AS vorgang_id, t.type, t.prefix, t.day,
        v.net_total_cents AS net, b.country, v.seller_user_id, v.branch_id, v.updated_by,
        least((t.day + time '12:00') AT TIME ZONE ${day.zone}, ${day.now}::timestamptz) AS at
      FROM vorgang v JOIN seed_branch b ON b.id = v.branch_id
      CROSS JOIN LATERAL (VALUES ('angebot', 'AN', v.first_offer_date), ('auftragsbestaetigung', 'AB', v.first_order_date),
                                 ('rechnung', 'RE', v.first_invoice_date)) t(type, prefix, day)
      WHERE t.day IS NOT NULL
      ORDER BY v.id, t.day
    ) x`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The positions of every Beleg: its Vorgang's lines, the same on the Angebot, the AB and the Rechnung. */
export async function insertPositions(trx: Database): Promise<number> {
  const result = await sql`
    INSERT INTO beleg_position (beleg_id, pos_nr, article_number, article_id, description, quantity, unit,
      unit_price_cents, total_cents, goods_group_id)
    SELECT b.id, q.pos * 10, q.article_number, q.article_id, q.name, q.quantity, q.unit, q.unit_price,
      q.quantity * q.unit_price, q.goods_group_id
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id JOIN seed_kind k ON k.title = v.title
    CROSS JOIN LATERAL pg_temp.seed_lines(v.id, k.k) q`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * About ten activities a customer (9–11): the last on the customer's last activity day, the others done between
 * creation and then (one in ten of the latest still open, due on its day), and for three in ten customers one
 * planned in the next 20 days.
 */
export async function insertActivities(trx: Database, master: BulkMaster, day: BulkDay): Promise<number> {
  const types = master.activityTypes;
  const result = await sql`
    INSERT INTO activity (customer_id, activity_type, reason_id, activity_date, due_date, done, note, user_id,
      created_at, updated_at, updated_by)
    SELECT a.customer_id, (${types}::text[])[1 + floor(pg_temp.rnd(a.key, 70) * ${types.length})::int],
      CASE WHEN a.g <= 3 THEN (${master.reasons}::int[])[1 + floor(pg_temp.rnd(a.key, 71) * ${master.reasons.length})::int] END,
      a.at, CASE WHEN NOT a.done THEN (a.at AT TIME ZONE ${day.zone})::date END, a.done,
      (ARRAY['Kunde wünscht Rückruf am Vormittag.', 'Termin im Schauraum vereinbart.',
             'Angebot telefonisch besprochen, Preis passt grundsätzlich.', 'Aufmaß vor Ort erledigt, Fotos im Akt.',
             'Interesse an Förderung für Fenstertausch.', 'Prospekt zugeschickt.', NULL, NULL])[1 + floor(pg_temp.rnd(a.key, 72) * 8)::int],
      a.owner_user_id, least(a.at, ${day.now}::timestamptz), least(a.at, ${day.now}::timestamptz), a.updated_by
    FROM (
      SELECT c.id AS customer_id, g, c.id::bigint * 16 + g AS key, c.owner_user_id, c.updated_by,
        CASE WHEN g = 0 THEN ${day.todayStart}::timestamptz + (1 + 19 * pg_temp.rnd(c.id * 16, 73)) * interval '1 day'
             WHEN g = 1 THEN c.last_activity_at
             ELSE c.created_at + (c.last_activity_at - c.created_at) * pg_temp.rnd(c.id::bigint * 16 + g, 74) END AS at,
        NOT (g = 0 OR (g = 2 AND pg_temp.rnd(c.id, 75) < 0.1)) AS done
      FROM customer c
      CROSS JOIN LATERAL generate_series(CASE WHEN pg_temp.rnd(c.id, 76) < 0.3 THEN 0 ELSE 1 END,
                                         9 + floor(pg_temp.rnd(c.id, 77) * 2)::int) g
    ) a`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Labels: 22 % of the customers one, 8 % two; a third of the open Angebote one with a due day. */
export async function insertLabels(trx: Database, master: BulkMaster, day: BulkDay): Promise<void> {
  const customerLabels = JSON.stringify(
    master.customerLabels.map((l, k) => ({ k, id: l.id, due_after_days: l.dueAfterDays })),
  );
  const vorgangLabels = JSON.stringify(
    master.vorgangLabels.map((l, k) => ({ k, id: l.id, due_after_days: l.dueAfterDays })),
  );
  await sql`
    INSERT INTO customer_label (customer_id, label_id, due_date, added_by, owner_user_id, branch_id)
    SELECT c.id, l.id,
      CASE WHEN l.due_after_days IS NOT NULL THEN greatest(${day.today}::date - 10 + floor(pg_temp.rnd(c.id, 80 + g) * 41)::int,
                                                         (c.created_at AT TIME ZONE ${day.zone})::date) END,
      c.updated_by, c.owner_user_id, c.branch_id
    FROM customer c
    CROSS JOIN LATERAL generate_series(1, CASE WHEN pg_temp.rnd(c.id, 78) < 0.70 THEN 0
                                               WHEN pg_temp.rnd(c.id, 78) < 0.92 THEN 1 ELSE 2 END) g
    JOIN jsonb_to_recordset(${customerLabels}::jsonb) AS l(k int, id int, due_after_days int)
      ON l.k = (floor(pg_temp.rnd(c.id, 79) * ${master.customerLabels.length})::int + g - 1) % ${master.customerLabels.length}`.execute(
    trx,
  );
  await sql`
    INSERT INTO vorgang_label (vorgang_id, label_id, due_date, added_by, seller_user_id, branch_id)
    SELECT v.id, l.id,
      greatest(${day.today}::date - 14 + floor(pg_temp.rnd(v.id, 82) * (l.due_after_days + 15))::int,
               (v.created_at AT TIME ZONE ${day.zone})::date),
      v.updated_by, v.seller_user_id, v.branch_id
    FROM vorgang v
    JOIN jsonb_to_recordset(${vorgangLabels}::jsonb) AS l(k int, id int, due_after_days int)
      ON l.k = floor(pg_temp.rnd(v.id, 81) * ${master.vorgangLabels.length})::int
    WHERE v.system_status = 'angebot' AND pg_temp.rnd(v.id, 80) < 0.35`.execute(trx);
}

/** NPS answers for four in ten invoiced Vorgänge, 7–40 days after the invoice; notes on a quarter of the customers. */
export async function insertAnswersAndNotes(trx: Database, day: BulkDay): Promise<void> {
  await sql`
    INSERT INTO nps_answer (customer_id, vorgang_id, score, comment, channel, answered_at, branch_id, seller_user_id,
      created_at, updated_at, updated_by)
    SELECT x.customer_id, x.id, x.score,
      CASE WHEN x.score >= 9 THEN (ARRAY['Sehr saubere Montage, danke!', 'Top Beratung im Schauraum.',
                                         'Alles pünktlich und freundlich.', NULL])[1 + floor(pg_temp.rnd(x.id, 92) * 4)::int]
           WHEN x.score <= 6 THEN (ARRAY['Lieferung hat zu lange gedauert.', 'Monteure kamen zu spät.',
                                         'Preis war höher als erwartet.'])[1 + floor(pg_temp.rnd(x.id, 92) * 3)::int] END,
      (ARRAY['email', 'email', 'telefon', 'web'])[1 + floor(pg_temp.rnd(x.id, 93) * 4)::int],
      x.at, x.branch_id, x.seller_user_id, x.at, x.at, x.updated_by
    FROM (
      SELECT v.id, v.customer_id, v.branch_id, v.seller_user_id, v.updated_by,
        (ARRAY[10, 10, 10, 10, 10, 10, 9, 9, 9, 9, 9, 8, 8, 8, 7, 7, 6, 5, 3, 1])[1 + floor(pg_temp.rnd(v.id, 91) * 20)::int] AS score,
        least((least(v.first_invoice_date + 7 + floor(pg_temp.rnd(v.id, 94) * 34)::int, ${day.today}::date) + time '12:00')
              AT TIME ZONE ${day.zone}, ${day.now}::timestamptz) AS at
      FROM vorgang v WHERE v.system_status = 'rechnung' AND pg_temp.rnd(v.id, 90) < 0.4
    ) x`.execute(trx);
  await sql`
    INSERT INTO timeline_note (customer_id, text, author_oid, author_name, created_at, updated_at, written_at)
    SELECT c.id, (ARRAY['Hund im Garten – bitte vorher klingeln.', 'Zufahrt nur über die Hofeinfahrt möglich.',
                        'Bevorzugt Kontakt per E-Mail.', 'Hat bereits 2019 Fenster bei uns gekauft.'])[1 + floor(pg_temp.rnd(c.id, 96) * 4)::int],
      'seed-' || c.owner_user_id, coalesce(c.updated_by, 'Demodaten'), c.created_at, c.created_at, c.created_at
    FROM customer c WHERE pg_temp.rnd(c.id, 95) < 0.25`.execute(trx);
}

/**
 * The history of years: five Änderungsverlauf records a customer and a change of the Eigener Status on every
 * second Vorgang with one, spread over the months from the customer's creation to now (their partitions made
 * first: a row without its month's partition would wait in the default one).
 */
export async function insertHistory(
  trx: Database,
  day: BulkDay,
): Promise<{ changes: number; events: number }> {
  for (const table of ['change_record', 'vorgang_event']) {
    await sql`SELECT ensure_time_partitions(${table}, 'month', (SELECT min(created_at) FROM customer), ${day.now}::timestamptz)`.execute(
      trx,
    );
  }
  const changes = await sql`
    INSERT INTO change_record (at, actor_oid, actor_name, area, record_id, action, changes, customer_id)
    SELECT c.created_at + (${day.now}::timestamptz - interval '1 hour' - c.created_at) * pg_temp.rnd(c.id::bigint * 8 + g, 97),
           u.azure_oid, coalesce(u.name, 'Datenabgleich'), 'kunden', c.id, 'update',
           jsonb_build_object((ARRAY['phone', 'email', 'city', 'street', 'notes'])[g],
                              jsonb_build_object('old', NULL, 'new', 'Wert ' || g)),
           c.id
    FROM customer c CROSS JOIN generate_series(1, 5) g
    LEFT JOIN app_user u ON u.id = c.owner_user_id`.execute(trx);
  const events = await sql`
    INSERT INTO vorgang_event (vorgang_id, kind, via, details, changed_at, changed_by)
    SELECT v.id, 'eigener_status', CASE WHEN pg_temp.rnd(v.id, 98) < 0.5 THEN 'board' ELSE 'page' END,
      jsonb_build_object('from', 'Erstkontakt', 'to', s.name),
      least(v.created_at + (1 + 20 * pg_temp.rnd(v.id, 99)) * interval '1 day', ${day.now}::timestamptz - interval '1 hour'),
      v.updated_by
    FROM vorgang v JOIN custom_status s ON s.id = v.custom_status_id
    WHERE v.id % 2 = 0 AND s.name <> 'Erstkontakt'`.execute(trx);
  return { changes: Number(changes.numAffectedRows ?? 0), events: Number(events.numAffectedRows ?? 0) };
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
