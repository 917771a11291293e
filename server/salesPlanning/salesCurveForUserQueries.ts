import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { readSalesCurve } from './salesCurveQueries';
import { netRevenue } from './revenueQueries';

/** One month of a seller's year: the curve's share of the target, and what was invoiced. */
export interface CurveMonth {
  month: number;
  sharePercent: number;
  expectedCents: number;
  actualCents: number;
  expectedCumulativeCents: number;
  actualCumulativeCents: number;
}

/**
 * The sales curve applied to one seller (adminExtended calculation per user): their yearly target over
 * the whole range spread by the monthly shares, beside their invoiced net revenue per month.
 */
export async function salesCurveForUser(db: Database, userId: number, year: number) {
  const curve = await readSalesCurve(db);
  const target = await sql<{ cents: number | null }>`
    SELECT sum(target_cents)::bigint AS cents FROM sales_target
    WHERE user_id = ${userId} AND year = ${year} AND product_group_id IS NULL`.execute(db);
  const targetCents = Number(target.rows[0]?.cents ?? 0);
  const actual = await sql<{ month: number; cents: number }>`
    SELECT extract(month FROM b.beleg_date)::int AS month, sum(${netRevenue(sql`b.net_cents`)})::bigint AS cents
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
    WHERE v.seller_user_id = ${userId} AND b.beleg_date >= make_date(${year}, 1, 1) AND b.beleg_date < make_date(${year + 1}, 1, 1)
    GROUP BY 1`.execute(db);
  let expectedSum = 0;
  let actualSum = 0;
  const months: CurveMonth[] = curve.shares.map((share, index) => {
    const expectedCents = Math.round((targetCents * share) / 100);
    const actualCents = Number(actual.rows.find((r) => r.month === index + 1)?.cents ?? 0);
    expectedSum += expectedCents;
    actualSum += actualCents;
    return {
      month: index + 1,
      sharePercent: share,
      expectedCents,
      actualCents,
      expectedCumulativeCents: expectedSum,
      actualCumulativeCents: actualSum,
    };
  });
  return { userId, year, targetCents, months };
}
