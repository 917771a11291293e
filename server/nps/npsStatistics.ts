import { sql } from 'kysely';
import type { NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import type { NpsFigures, NpsStatistics } from '../../src/resources/nps/npsTypes';
import type { Database } from '../platform/db/database';
import { npsFilterClause } from './npsFilter';

interface Counts {
  count: number;
  promoters: number;
  passives: number;
  detractors: number;
}

const COUNTS = sql`count(f.score)::int AS count,
  (count(*) FILTER (WHERE f.score >= 9))::int AS promoters,
  (count(*) FILTER (WHERE f.score BETWEEN 7 AND 8))::int AS passives,
  (count(*) FILTER (WHERE f.score <= 6))::int AS detractors`;

/** % promoters minus % detractors as a whole number, halves rounded away from zero; null without answers. */
export function npsOf(promoters: number, detractors: number, count: number): number | null {
  if (count === 0) return null;
  const exact = (100 * (promoters - detractors)) / count;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

const figures = <T extends Counts>(row: T): T & NpsFigures => ({
  ...row,
  nps: npsOf(row.promoters, row.detractors, row.count),
});

/** Best NPS first; groups without answers last; then more answers first, then by name. */
const ranked = <T extends NpsFigures & { name: string }>(rows: T[]) =>
  rows.sort(
    (x, y) => (y.nps ?? -1000) - (x.nps ?? -1000) || y.count - x.count || x.name.localeCompare(y.name, 'de'),
  );

/**
 * nps/statisticsv2: the figures of the answers the filters match, counted in the database. Months are the
 * company's calendar months; every month of the period appears, also with no answers (NPS null). Branches:
 * every active branch in the filter, also without answers; sellers: those with answers.
 */
export async function npsStatistics(
  db: Database,
  zone: string,
  filter: NpsFilterValues,
): Promise<NpsStatistics> {
  const answers = sql`SELECT a.id, a.score, a.comment, a.customer_id, a.answered_at, a.branch_id, a.seller_user_id,
      (a.answered_at AT TIME ZONE ${zone}) AS local
    FROM nps_answer a WHERE ${npsFilterClause(filter, zone)}`;

  const overall = await sql<Counts>`WITH f AS (${answers}) SELECT ${COUNTS} FROM f`.execute(db);

  const months = await sql<Counts & { month: string }>`
    WITH f AS (${answers}),
    bounds AS (
      SELECT coalesce(${filter.from ?? null}::date, min(local)::date) AS lo,
             coalesce(${filter.to ?? null}::date, max(local)::date,
                      (now() AT TIME ZONE ${zone})::date) AS hi
      FROM f
    ),
    m AS (
      SELECT generate_series(date_trunc('month', lo), date_trunc('month', hi), interval '1 month') AS month
      FROM bounds WHERE lo IS NOT NULL AND lo <= hi
    )
    SELECT to_char(m.month, 'YYYY-MM') AS month, ${COUNTS}
    FROM m LEFT JOIN f ON date_trunc('month', f.local) = m.month
    GROUP BY m.month ORDER BY m.month`.execute(db);

  const branches = await sql<Counts & { id: number | null; name: string }>`
    WITH f AS (${answers})
    SELECT b.id, b.name, ${COUNTS}
    FROM branch b LEFT JOIN f ON f.branch_id = b.id
    WHERE ${filter.branchId ? sql`b.id = ${filter.branchId}` : sql`true`}
    GROUP BY b.id, b.name, b.active
    HAVING b.active OR count(f.score) > 0
    UNION ALL
    SELECT NULL, 'Ohne Filiale', ${COUNTS} FROM f WHERE f.branch_id IS NULL HAVING count(*) > 0`.execute(db);

  const sellers = await sql<Counts & { id: number | null; name: string }>`
    WITH f AS (${answers})
    SELECT f.seller_user_id AS id, coalesce(u.name, 'Ohne Verkäufer') AS name, ${COUNTS}
    FROM f LEFT JOIN app_user u ON u.id = f.seller_user_id
    GROUP BY f.seller_user_id, u.name`.execute(db);

  const distribution = await sql<{ score: number; count: number }>`
    WITH f AS (${answers})
    SELECT s.score, count(f.score)::int AS count
    FROM generate_series(0, 10) AS s(score) LEFT JOIN f ON f.score = s.score
    GROUP BY s.score ORDER BY s.score`.execute(db);

  const comments = await sql<NpsStatistics['detractorComments'][number]>`
    WITH f AS (${answers})
    SELECT f.id, f.answered_at AS "answeredAt", f.score, btrim(f.comment) AS comment,
      f.customer_id AS "customerId", c.display_name AS "customerName"
    FROM f JOIN customer c ON c.id = f.customer_id
    WHERE f.score <= 6 AND nullif(btrim(f.comment), '') IS NOT NULL
    ORDER BY f.answered_at DESC, f.id DESC LIMIT 5`.execute(db);

  return {
    overall: figures(overall.rows[0]!),
    months: months.rows.map(figures),
    branches: ranked(branches.rows.map(figures)),
    sellers: ranked(sellers.rows.map(figures)),
    distribution: distribution.rows,
    detractorComments: comments.rows,
  };
}
