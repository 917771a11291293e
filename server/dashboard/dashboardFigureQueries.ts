import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { subYears } from 'date-fns/subYears';
import { sql } from 'kysely';
import type { DashboardFigures } from '../../src/resources/dashboard/dashboard.endpoints';
import { ninetyDaysTo } from '../../src/resources/nps/npsPeriod.rules';
import type { Database } from '../platform/db/database';
import { npsFiguresOf } from '../nps/npsStatisticsQueries';
import { netRevenue } from '../salesPlanning/revenueQueries';
import { readSalesCurve } from '../salesPlanning/salesCurveQueries';
import { expectedToDateCents } from '../salesPlanning/targetVsActualQueries';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';
import { expectedQuarter } from './expectedQuarterQueries';
import { stagnantCondition } from '../vorgaenge/stagnationQueries';

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

/** The days a dashboard period starts and ends: today, the same day a year earlier, and their year's and month's first day. */
export function periodBounds(today: string) {
  const lastYear = format(subYears(parseISO(today), 1), 'yyyy-MM-dd');
  return {
    today,
    lastYear,
    yearStart: `${today.slice(0, 4)}-01-01`,
    monthStart: `${today.slice(0, 7)}-01`,
    yearStartLastYear: `${lastYear.slice(0, 4)}-01-01`,
    monthStartLastYear: `${lastYear.slice(0, 7)}-01`,
  };
}

/** The day bounds and scope conditions both halves of the Kennzahlen share. */
function figureTerms(scope: ViewerScope, today: string) {
  // The period bounds are parameters, not date_trunc(…) in SQL: PostgreSQL evaluates a STABLE call per row and
  // per FILTER (most of the query's time on 40.000 rows).
  const bounds = periodBounds(today);
  const day = (value: string) => sql`${value}::date`;
  return {
    t: day(bounds.today),
    ly: day(bounds.lastYear),
    tYear: day(bounds.yearStart),
    tMonth: day(bounds.monthStart),
    lyYear: day(bounds.yearStartLastYear),
    lyMonth: day(bounds.monthStartLastYear),
    owned: inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id')),
    ownedBeleg: inScope(scope, sql.ref('b.seller_user_id'), sql.ref('b.branch_id')),
  };
}

type OrderFigures = Pick<
  BelegFigures,
  | 'ordersMonth'
  | 'ordersMonthCents'
  | 'ordersMonthLastYear'
  | 'ordersMonthLastYearCents'
  | 'ordersYear'
  | 'ordersYearCents'
  | 'ordersYearLastYear'
  | 'ordersYearLastYearCents'
  | 'revenue'
  | 'revenueLastYear'
>;
type VorgangFigures = Omit<BelegFigures, keyof OrderFigures>;

/**
 * The Kennzahlen of a scope's Belege: orders (distinct Vorgänge and amounts) of this and last year's month and
 * year, and revenue; `today` is the company's day, and every "this year" range runs from 1 January to that day
 * and to the same day a year earlier, so both years compare like for like. Each part reads its own index range
 * (index-only per seller or branch; migrations 0021, 0029). It runs beside `vorgangFigures`, on its own
 * connection: one statement for both took the sum of their times (100 ms for a branch of 100,000 customers).
 */
function orderFigures(scope: ViewerScope, today: string) {
  const { t, ly, tYear, tMonth, lyYear, lyMonth, ownedBeleg } = figureTerms(scope, today);
  const order = sql`b.beleg_type = 'auftragsbestaetigung'`;
  const between = (from: ReturnType<typeof sql>, to: ReturnType<typeof sql>) =>
    sql`b.beleg_date BETWEEN ${from} AND ${to}`;
  return sql<OrderFigures>`
    WITH orders AS (
      -- Which periods each Vorgang has an order in, so each period's "distinct Vorgänge" is a plain count (no
      -- sort per figure); only flags per group, the amounts are summed without grouping (part "amounts").
      SELECT bool_or(${between(tMonth, t)}) AS order_month, bool_or(${between(lyMonth, ly)}) AS order_month_ly,
        bool_or(${between(tYear, t)}) AS order_year, bool_or(${between(lyYear, ly)}) AS order_year_ly
      FROM beleg b
      WHERE ${ownedBeleg} AND b.beleg_type = 'auftragsbestaetigung' AND b.beleg_date BETWEEN ${lyYear} AND ${t}
      GROUP BY b.vorgang_id
    )
    SELECT
      y.orders_month AS "ordersMonth", amounts.cents_month AS "ordersMonthCents",
      y.orders_month_ly AS "ordersMonthLastYear", amounts.cents_month_ly AS "ordersMonthLastYearCents",
      y.orders AS "ordersYear", amounts.cents AS "ordersYearCents",
      y.orders_ly AS "ordersYearLastYear", amounts.cents_ly AS "ordersYearLastYearCents",
      amounts.revenue, amounts.revenue_ly AS "revenueLastYear"
    FROM
      (SELECT count(*) FILTER (WHERE order_month)::int AS orders_month,
              count(*) FILTER (WHERE order_month_ly)::int AS orders_month_ly,
              count(*) FILTER (WHERE order_year)::int AS orders,
              count(*) FILTER (WHERE order_year_ly)::int AS orders_ly
       FROM orders) y,
      -- Amounts: orders of the four periods; revenue, invoices minus credit notes (netRevenue: offers and orders
      -- count nothing), of the two years.
      (SELECT coalesce(sum(b.net_cents) FILTER (WHERE ${order} AND ${between(tMonth, t)}), 0)::bigint AS cents_month,
              coalesce(sum(b.net_cents) FILTER (WHERE ${order} AND ${between(lyMonth, ly)}), 0)::bigint AS cents_month_ly,
              coalesce(sum(b.net_cents) FILTER (WHERE ${order} AND ${between(tYear, t)}), 0)::bigint AS cents,
              coalesce(sum(b.net_cents) FILTER (WHERE ${order} AND ${between(lyYear, ly)}), 0)::bigint AS cents_ly,
              coalesce(sum(${netRevenue(sql`b.net_cents`)}) FILTER (WHERE ${between(tYear, t)}), 0)::bigint AS revenue,
              coalesce(sum(${netRevenue(sql`b.net_cents`)}) FILTER (WHERE ${between(lyYear, ly)}), 0)::bigint AS revenue_ly
       FROM beleg b
       WHERE ${ownedBeleg} AND b.beleg_type IN ('auftragsbestaetigung', 'rechnung', 'gutschrift')
         AND b.beleg_date BETWEEN ${lyYear} AND ${t}) amounts`;
}

/**
 * The Kennzahlen of a scope's Vorgänge: open offers now and a year ago, offer → order rate and days, for the same
 * periods as `orderFigures`; first Angebot/Auftrag/Rechnung per Vorgang come from its milestone columns.
 */
function vorgangFigures(scope: ViewerScope, today: string, zone: string) {
  const { t, ly, tYear, lyYear, owned } = figureTerms(scope, today);
  return sql<VorgangFigures>`
    SELECT
      open_now.count AS "openNow", open_now.cents AS "openNowCents",
      o.count AS "openLastYear", o.cents AS "openLastYearCents",
      r.offered, r.ordered AS "offeredOrdered", r.offered_ly AS "offeredLastYear", r.ordered_ly AS "offeredOrderedLastYear",
      d.days AS "orderDays", d.days_ly AS "orderDaysLastYear"
    FROM
      (SELECT count(*)::int AS count, coalesce(sum(v.net_total_cents), 0)::bigint AS cents
       FROM vorgang v WHERE ${owned} AND v.system_status = 'angebot') open_now,
      -- Open a year ago: offered by then, no order, invoice or "verloren" by then (volume: today's Summe netto).
      (SELECT count(*)::int AS count, coalesce(sum(v.net_total_cents), 0)::bigint AS cents FROM vorgang v
       WHERE ${owned} AND v.first_offer_date <= ${ly}
         AND (v.first_order_date IS NULL OR v.first_order_date > ${ly})
         AND (v.first_invoice_date IS NULL OR v.first_invoice_date > ${ly})
         AND NOT EXISTS (SELECT 1 FROM vorgang_status_change c WHERE c.vorgang_id = v.id
                         AND c.to_status = 'verloren' AND (c.changed_at AT TIME ZONE ${zone})::date <= ${ly})) o,
      -- Offer → order of the Vorgänge first offered since 1 January last year (each period by its FILTER).
      (SELECT count(*) FILTER (WHERE v.first_offer_date >= ${tYear})::int AS offered,
              count(*) FILTER (WHERE v.first_offer_date >= ${tYear} AND v.first_order_date <= ${t})::int AS ordered,
              count(*) FILTER (WHERE v.first_offer_date <= ${ly})::int AS offered_ly,
              count(*) FILTER (WHERE v.first_offer_date <= ${ly} AND v.first_order_date <= ${ly})::int AS ordered_ly
       FROM vorgang v
       WHERE ${owned} AND v.first_offer_date BETWEEN ${lyYear} AND ${t}) r,
      -- Days from the first offer to the order, of the Vorgänge first ordered since 1 January last year.
      (SELECT avg(v.first_order_date - v.first_offer_date) FILTER (WHERE v.first_order_date >= ${tYear}) AS days,
              avg(v.first_order_date - v.first_offer_date) FILTER (WHERE v.first_order_date <= ${ly}) AS days_ly
       FROM vorgang v
       WHERE ${owned} AND v.first_order_date BETWEEN ${lyYear} AND ${t} AND v.first_offer_date <= v.first_order_date) d`;
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

/**
 * NPS of the 90 company days up to `today` and of the same days a year earlier, for the scope: the Statistik
 * tab's computation (npsFiguresOf) for that period, so score, count and the linked statistics agree.
 */
async function npsOf(db: Database, scope: ViewerScope, today: string, zone: string) {
  const within = inScope(scope, sql.ref('a.seller_user_id'), sql.ref('a.branch_id'));
  const [now, lastYear] = await Promise.all([
    npsFiguresOf(db, zone, ninetyDaysTo(today), within),
    npsFiguresOf(db, zone, ninetyDaysTo(periodBounds(today).lastYear), within),
  ]);
  return { score: now.nps, answers: now.count, lastYearScore: lastYear.nps };
}

/** How many Vorgänge of the scope stagnate (Kennzahl "Stagnierende Vorgänge", and Mein Tag's line). */
export async function stagnantCount(db: Database, zone: string, scope: ViewerScope): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang v
    WHERE ${inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id'))} AND ${stagnantCondition(zone)}`.execute(
    db,
  );
  return rows[0]!.n;
}

/** Every Kennzahl of the dashboard for a scope, seen on the company's `today`. */
export async function dashboardFigures(
  db: Database,
  zone: string,
  scope: ViewerScope,
  today: string,
  owner: DashboardFigures['owner'],
): Promise<DashboardFigures> {
  const year = Number(today.slice(0, 4));
  const [orders, vorgaenge, targetCents, curve, nps, quarter, stagnant] = await Promise.all([
    orderFigures(scope, today).execute(db),
    vorgangFigures(scope, today, zone).execute(db),
    targetOf(db, scope, year),
    readSalesCurve(db),
    npsOf(db, scope, today, zone),
    expectedQuarter(db, scope, today),
    stagnantCount(db, zone, scope),
  ]);
  const f: BelegFigures = { ...orders.rows[0]!, ...vorgaenge.rows[0]! };
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
    expectedToDateCents: expectedToDateCents(targetCents, curve.shares, year, today),
    nps,
    stagnant,
    expectedQuarter: quarter,
  };
}
