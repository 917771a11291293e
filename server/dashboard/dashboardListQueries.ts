import { sql } from 'kysely';
import { FOLLOW_UP_DAYS, type DashboardVorgang } from '../../src/resources/dashboard/dashboard.endpoints';
import type { Database } from '../platform/db/database';
import { netRevenue } from '../salesPlanning/revenueQueries';
import { readSalesCurve } from '../salesPlanning/salesCurveQueries';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';
import { targetOf } from './dashboardFigureQueries';

const columns = sql`v.id, v.vorgang_number AS "vorgangNumber", v.title, v.customer_id AS "customerId",
  c.display_name AS "customerName", v.system_status AS "systemStatus", v.net_total_cents AS "netTotalCents",
  v.last_activity_at AS "lastActivityAt"`;

/** Vorgänge of the scope touched last, and open offers whose last activity is 14 company days or more ago. */
export async function dashboardLists(db: Database, zone: string, scope: ViewerScope, today: string) {
  const owned = inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id'));
  // Last touched on company day today − 14 or earlier = before the start of company day today − 13: a bound
  // computed once, so the indexes on coalesce(last_activity_at, created_at) answer it (0029).
  const stale = sql`v.system_status = 'angebot'
    AND coalesce(v.last_activity_at, v.created_at)
      < ((${today}::date - ${FOLLOW_UP_DAYS - 1}::int)::timestamp AT TIME ZONE ${zone})`;
  const [recent, followUp, count] = await Promise.all([
    sql<DashboardVorgang>`SELECT ${columns} FROM vorgang v JOIN customer c ON c.id = v.customer_id
      WHERE ${owned} ORDER BY greatest(v.last_activity_at, v.updated_at) DESC NULLS LAST, v.id DESC LIMIT 8`.execute(
      db,
    ),
    sql<DashboardVorgang>`SELECT ${columns} FROM vorgang v JOIN customer c ON c.id = v.customer_id
      WHERE ${owned} AND ${stale} ORDER BY coalesce(v.last_activity_at, v.created_at), v.id LIMIT 8`.execute(
      db,
    ),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang v WHERE ${owned} AND ${stale}`.execute(db),
  ]);
  return { recent: recent.rows, followUp: followUp.rows, followUpTotal: count.rows[0]!.n };
}

/**
 * Invoiced revenue per month of `year` beside the target spread by the sales curve, both also cumulative. The
 * Belege carry their Vorgang's seller and branch (0021), so the months come from one index range, no join.
 */
export async function revenueCurve(db: Database, scope: ViewerScope, year: number) {
  const [curve, targetCents, actual] = await Promise.all([
    readSalesCurve(db),
    targetOf(db, scope, year),
    sql<{ month: number; cents: number }>`
      SELECT extract(month FROM b.beleg_date)::int AS month, sum(${netRevenue(sql`b.net_cents`)})::bigint AS cents
      FROM beleg b
      WHERE ${inScope(scope, sql.ref('b.seller_user_id'), sql.ref('b.branch_id'))}
        AND b.beleg_type IN ('rechnung', 'gutschrift')
        AND b.beleg_date >= make_date(${year}, 1, 1) AND b.beleg_date < make_date(${year + 1}, 1, 1)
      GROUP BY 1`.execute(db),
  ]);
  let expectedSum = 0;
  let actualSum = 0;
  return curve.shares.map((share, index) => {
    const expectedCents = Math.round((targetCents * share) / 100);
    const actualCents = Number(actual.rows.find((row) => row.month === index + 1)?.cents ?? 0);
    expectedSum += expectedCents;
    actualSum += actualCents;
    return {
      month: index + 1,
      actualCents,
      expectedCents,
      actualCumulativeCents: actualSum,
      expectedCumulativeCents: expectedSum,
    };
  });
}
