import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';
import type { BulkDay, BulkMaster } from './bulkSeedTypes';

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
