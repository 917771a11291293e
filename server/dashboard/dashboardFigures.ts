import { sql } from 'kysely';
import type { DashboardFigures } from '../../src/resources/dashboard/dashboard.endpoints';
import type { Database } from '../platform/db/database';
import { netRevenue } from '../salesPlanning/revenue';
import { readSalesCurve } from '../salesPlanning/salesCurve';
import { expectedShareToDate } from '../salesPlanning/targetVsActual';
import { inScope, type ViewerScope } from '../dueItems/viewerScope';

interface BelegFigures {
  openNow: number;
  openNowCents: number;
  openLastYear: number;
  openLastYearCents: number;
  ordersMonth: number;
  ordersMonthCents: number;
  ordersMonthLastYear: number;
  ordersMonthLastYearCents: number;
  ordersYear: number;
  ordersYearCents: number;
  ordersYearLastYear: number;
  ordersYearLastYearCents: number;
  offered: number;
  offeredOrdered: number;
  offeredLastYear: number;
  offeredOrderedLastYear: number;
  orderDays: number | null;
  orderDaysLastYear: number | null;
  revenue: number;
  revenueLastYear: number;
}

/**
 * The Vorgang and Beleg figures of a scope in one query: `today` is the company's day, `ly` the same day a year
 * earlier; every "this year" range runs from 1 January to that day, so both years compare like for like.
 */
function belegFigures(scope: ViewerScope, today: string) {
  const t = sql`${today}::date`;
  const ly = sql`(${today}::date - interval '1 year')::date`;
  const order = sql`b.beleg_type = 'auftragsbestaetigung'`;
  const between = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
    sql`b.beleg_date BETWEEN ${from} AND ${to}`;
  const yearStart = (day: ReturnType<typeof sql>) => sql`date_trunc('year', ${day})::date`;
  const monthStart = (day: ReturnType<typeof sql>) => sql`date_trunc('month', ${day})::date`;
  return sql<BelegFigures>`
    WITH s AS (
      SELECT v.id, v.system_status, v.net_total_cents FROM vorgang v
      WHERE ${inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id'))}
    ), b AS (
      SELECT b.vorgang_id, b.beleg_type, b.beleg_date, b.net_cents FROM beleg b JOIN s ON s.id = b.vorgang_id
    ), firsts AS (
      SELECT vorgang_id,
        min(beleg_date) FILTER (WHERE beleg_type = 'angebot') AS offer,
        min(beleg_date) FILTER (WHERE beleg_type = 'auftragsbestaetigung') AS ord,
        min(beleg_date) FILTER (WHERE beleg_type = 'rechnung') AS invoice
      FROM b GROUP BY vorgang_id
    ), lost AS (
      SELECT c.vorgang_id, min(c.changed_at) AS at FROM vorgang_status_change c JOIN s ON s.id = c.vorgang_id
      WHERE c.to_status = 'verloren' GROUP BY c.vorgang_id
    )
    SELECT
      (SELECT count(*) FROM s WHERE system_status = 'angebot')::int AS "openNow",
      (SELECT coalesce(sum(net_total_cents), 0) FROM s WHERE system_status = 'angebot')::bigint AS "openNowCents",
      o.count AS "openLastYear", o.cents AS "openLastYearCents",
      m.orders AS "ordersMonth", m.cents AS "ordersMonthCents",
      m.orders_ly AS "ordersMonthLastYear", m.cents_ly AS "ordersMonthLastYearCents",
      y.orders AS "ordersYear", y.cents AS "ordersYearCents",
      y.orders_ly AS "ordersYearLastYear", y.cents_ly AS "ordersYearLastYearCents",
      r.offered, r.ordered AS "offeredOrdered", r.offered_ly AS "offeredLastYear", r.ordered_ly AS "offeredOrderedLastYear",
      r.days AS "orderDays", r.days_ly AS "orderDaysLastYear",
      y.revenue, y.revenue_ly AS "revenueLastYear"
    FROM
      (SELECT count(*)::int AS count, coalesce(sum(s.net_total_cents), 0)::bigint AS cents
       FROM firsts f JOIN s ON s.id = f.vorgang_id LEFT JOIN lost ON lost.vorgang_id = f.vorgang_id
       WHERE f.offer <= ${ly} AND (f.ord IS NULL OR f.ord > ${ly}) AND (f.invoice IS NULL OR f.invoice > ${ly})
         AND (lost.at IS NULL OR lost.at::date > ${ly})) o,
      (SELECT count(DISTINCT vorgang_id) FILTER (WHERE ${order} AND ${between(monthStart(t), t)})::int AS orders,
              coalesce(sum(net_cents) FILTER (WHERE ${order} AND ${between(monthStart(t), t)}), 0)::bigint AS cents,
              count(DISTINCT vorgang_id) FILTER (WHERE ${order} AND ${between(monthStart(ly), ly)})::int AS orders_ly,
              coalesce(sum(net_cents) FILTER (WHERE ${order} AND ${between(monthStart(ly), ly)}), 0)::bigint AS cents_ly
       FROM b WHERE b.beleg_date >= ${monthStart(ly)}) m,
      (SELECT count(DISTINCT vorgang_id) FILTER (WHERE ${order} AND ${between(yearStart(t), t)})::int AS orders,
              coalesce(sum(net_cents) FILTER (WHERE ${order} AND ${between(yearStart(t), t)}), 0)::bigint AS cents,
              count(DISTINCT vorgang_id) FILTER (WHERE ${order} AND ${between(yearStart(ly), ly)})::int AS orders_ly,
              coalesce(sum(net_cents) FILTER (WHERE ${order} AND ${between(yearStart(ly), ly)}), 0)::bigint AS cents_ly,
              coalesce(sum(${netRevenue(sql`b.net_cents`)}) FILTER (WHERE ${between(yearStart(t), t)}), 0)::bigint AS revenue,
              coalesce(sum(${netRevenue(sql`b.net_cents`)}) FILTER (WHERE ${between(yearStart(ly), ly)}), 0)::bigint AS revenue_ly
       FROM b WHERE b.beleg_date >= ${yearStart(ly)}) y,
      (SELECT count(*) FILTER (WHERE f.offer BETWEEN ${yearStart(t)} AND ${t})::int AS offered,
              count(*) FILTER (WHERE f.offer BETWEEN ${yearStart(t)} AND ${t} AND f.ord <= ${t})::int AS ordered,
              count(*) FILTER (WHERE f.offer BETWEEN ${yearStart(ly)} AND ${ly})::int AS offered_ly,
              count(*) FILTER (WHERE f.offer BETWEEN ${yearStart(ly)} AND ${ly} AND f.ord <= ${ly})::int AS ordered_ly,
              avg(f.ord - f.offer) FILTER (WHERE f.ord BETWEEN ${yearStart(t)} AND ${t} AND f.offer <= f.ord) AS days,
              avg(f.ord - f.offer) FILTER (WHERE f.ord BETWEEN ${yearStart(ly)} AND ${ly} AND f.offer <= f.ord) AS days_ly
       FROM firsts f) r`;
}

/** The yearly target of a scope: its sellers' targets, or the branches' (else their sellers') targets. */
export async function targetOf(db: Database, scope: ViewerScope, year: number): Promise<number> {
  const { rows } = await (
    'userIds' in scope
      ? sql<{ cents: number }>`
        SELECT coalesce(sum(target_cents), 0)::bigint AS cents FROM sales_target
        WHERE user_id = ANY(${scope.userIds}::int[]) AND year = ${year} AND product_group_id IS NULL`
      : sql<{ cents: number }>`
        SELECT coalesce(
          (SELECT sum(target_cents) FROM sales_target
           WHERE branch_id = ANY(${scope.branchIds}::int[]) AND year = ${year} AND product_group_id IS NULL),
          (SELECT sum(t.target_cents) FROM sales_target t JOIN app_user u ON u.id = t.user_id
           WHERE u.branch_id = ANY(${scope.branchIds}::int[]) AND t.year = ${year} AND t.product_group_id IS NULL),
          0)::bigint AS cents`
  ).execute(db);
  return Number(rows[0]?.cents ?? 0);
}

/** NPS (% promoters − % detractors) of the 90 company days up to `today` and of the same days a year earlier. */
async function npsOf(db: Database, scope: ViewerScope, today: string, zone: string) {
  const { rows } = await sql<{ score: number | null; answers: number; scoreLy: number | null }>`
    WITH a AS (
      SELECT n.score, (n.answered_at AT TIME ZONE ${zone})::date AS day FROM nps_answer n
      WHERE ${inScope(scope, sql.ref('n.seller_user_id'), sql.ref('n.branch_id'))}
        AND n.answered_at >= (${today}::date - interval '1 year' - interval '91 days')
    )
    SELECT
      round(100.0 * (count(*) FILTER (WHERE score >= 9 AND day > ${today}::date - 90)
        - count(*) FILTER (WHERE score <= 6 AND day > ${today}::date - 90))
        / nullif(count(*) FILTER (WHERE day > ${today}::date - 90), 0)) AS score,
      count(*) FILTER (WHERE day > ${today}::date - 90 AND day <= ${today}::date)::int AS answers,
      round(100.0 * (count(*) FILTER (WHERE score >= 9 AND day > (${today}::date - interval '1 year')::date - 90
                                       AND day <= (${today}::date - interval '1 year')::date)
        - count(*) FILTER (WHERE score <= 6 AND day > (${today}::date - interval '1 year')::date - 90
                                       AND day <= (${today}::date - interval '1 year')::date))
        / nullif(count(*) FILTER (WHERE day > (${today}::date - interval '1 year')::date - 90
                                       AND day <= (${today}::date - interval '1 year')::date), 0)) AS "scoreLy"
    FROM a`.execute(db);
  const row = rows[0]!;
  const num = (value: number | null) => (value === null ? null : Number(value));
  return { score: num(row.score), answers: row.answers, lastYearScore: num(row.scoreLy) };
}

/** A company day as a local Date, for the sales curve's month arithmetic. */
export const localDay = (day: string) => {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** Every Kennzahl of the dashboard for a scope, seen on the company's `today`. */
export async function dashboardFigures(
  db: Database,
  zone: string,
  scope: ViewerScope,
  today: string,
  owner: DashboardFigures['owner'],
): Promise<DashboardFigures> {
  const year = Number(today.slice(0, 4));
  const [{ rows }, targetCents, curve, nps] = await Promise.all([
    belegFigures(scope, today).execute(db),
    targetOf(db, scope, year),
    readSalesCurve(db),
    npsOf(db, scope, today, zone),
  ]);
  const f = rows[0]!;
  const n = (value: number | string | null) => (value === null ? 0 : Number(value));
  const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((1000 * part) / whole) / 10);
  const days = (value: number | string | null) => (value === null ? 0 : Math.round(Number(value) * 10) / 10);
  return {
    today,
    year,
    owner,
    openOffers: { value: n(f.openNow), lastYear: n(f.openLastYear) },
    openOffersCents: { value: n(f.openNowCents), lastYear: n(f.openLastYearCents) },
    ordersMonth: { value: n(f.ordersMonth), lastYear: n(f.ordersMonthLastYear) },
    ordersMonthCents: { value: n(f.ordersMonthCents), lastYear: n(f.ordersMonthLastYearCents) },
    ordersYear: { value: n(f.ordersYear), lastYear: n(f.ordersYearLastYear) },
    ordersYearCents: { value: n(f.ordersYearCents), lastYear: n(f.ordersYearLastYearCents) },
    offerToOrderPercent: {
      value: percent(n(f.offeredOrdered), n(f.offered)),
      lastYear: percent(n(f.offeredOrderedLastYear), n(f.offeredLastYear)),
    },
    offerToOrderDays: { value: days(f.orderDays), lastYear: days(f.orderDaysLastYear) },
    revenueCents: { value: n(f.revenue), lastYear: n(f.revenueLastYear) },
    targetCents,
    expectedToDateCents: Math.round(
      (targetCents * expectedShareToDate(curve.shares, year, localDay(today))) / 100,
    ),
    nps,
  };
}
