import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { readSalesCurve } from './salesCurveQueries';
import { netRevenue } from './revenueQueries';

/** One target of a year against what its seller or branch invoiced (sales-target/getSalesTargetData). */
export interface TargetVsActual {
  id: number;
  kind: 'verkaeufer' | 'filiale';
  owner: string;
  productGroup: string | null;
  targetCents: number;
  actualCents: number;
  /** The share of the target the sales curve expects by today (the whole target for past years). */
  expectedToDateCents: number;
}

/**
 * How far through the year the curve says we should be, in percent, on the company day `today` (yyyy-MM-dd):
 * the months before in full, today's month pro rata by its days up to and including today. A company day, not
 * a Date: between 00:00 and 01:00 in Vienna a server Date is still yesterday (UTC), and the dashboard and
 * Soll/Ist disagreed by a day's share.
 */
export function expectedShareToDate(shares: number[], year: number, today: string): number {
  const [todayYear, todayMonth, todayDate] = today.split('-').map(Number) as [number, number, number];
  if (year < todayYear) return 100;
  if (year > todayYear) return 0;
  const month = todayMonth - 1;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const full = shares.slice(0, month).reduce((s, v) => s + v, 0);
  return full + (shares[month]! * todayDate) / daysInMonth;
}

/** Soll bis heute of a target: its share by the curve up to the company day `today`. Dashboard and Soll/Ist use it. */
export const expectedToDateCents = (targetCents: number, shares: number[], year: number, today: string) =>
  Math.round((targetCents * expectedShareToDate(shares, year, today)) / 100);

/**
 * Every target of the year with the invoiced net revenue of its seller's or branch's Vorgänge (by product
 * group through the mapping cache, when the target names one), and its Soll up to the company day `today`.
 */
export async function targetVsActual(db: Database, year: number, today: string): Promise<TargetVsActual[]> {
  const curve = await readSalesCurve(db);
  const from = sql`make_date(${year}, 1, 1)`;
  const to = sql`make_date(${year + 1}, 1, 1)`;
  const rows = await sql<Omit<TargetVsActual, 'expectedToDateCents'>>`
    SELECT t.id,
           CASE WHEN t.user_id IS NOT NULL THEN 'verkaeufer' ELSE 'filiale' END AS kind,
           coalesce(u.name, 'Filiale ' || br.name) AS owner,
           pg.name AS "productGroup",
           t.target_cents AS "targetCents",
           coalesce(CASE WHEN t.product_group_id IS NULL THEN (
             SELECT sum(${netRevenue(sql`b.net_cents`)}) FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
             WHERE (v.seller_user_id = t.user_id OR v.branch_id = t.branch_id)
               AND b.beleg_date >= ${from} AND b.beleg_date < ${to})
           ELSE (
             SELECT sum(${netRevenue(sql`p.total_cents`)}) FROM beleg_position p
             JOIN beleg b ON b.id = p.beleg_id JOIN vorgang v ON v.id = b.vorgang_id
             JOIN article_mapping_cache c ON c.article_id = p.article_id AND c.product_group_id = t.product_group_id
             WHERE (v.seller_user_id = t.user_id OR v.branch_id = t.branch_id)
               AND b.beleg_date >= ${from} AND b.beleg_date < ${to})
           END, 0)::bigint AS "actualCents"
    FROM sales_target t
    LEFT JOIN app_user u ON u.id = t.user_id
    LEFT JOIN branch br ON br.id = t.branch_id
    LEFT JOIN product_group pg ON pg.id = t.product_group_id
    WHERE t.year = ${year}
    ORDER BY kind DESC, owner, pg.sort_order NULLS FIRST`.execute(db);
  return rows.rows.map((row) => ({
    ...row,
    actualCents: Number(row.actualCents),
    expectedToDateCents: expectedToDateCents(row.targetCents, curve.shares, year, today),
  }));
}
