import { sql, type RawBuilder } from 'kysely';
import { companyToday } from '../../src/config/companyTime';
import type { NpsFilterValues } from '../../src/resources/nps/nps.endpoints';
import type { NpsFigures, NpsStatistics } from '../../src/resources/nps/npsTypes';
import type { Database } from '../platform/db/database';
import { npsFilterClause } from './npsFilterQueries';

interface Counts {
  count: number;
  promoters: number;
  passives: number;
  detractors: number;
}

interface GroupRow extends Counts {
  kind: 'all' | 'month' | 'branch' | 'seller' | 'score';
  month: string | null;
  branchId: number | null;
  sellerId: number | null;
  score: number | null;
}

const EMPTY: Counts = { count: 0, promoters: 0, passives: 0, detractors: 0 };

/** % promoters minus % detractors as a whole number, halves rounded away from zero; null without answers. */
export function npsOf(promoters: number, detractors: number, count: number): number | null {
  if (count === 0) return null;
  const exact = (100 * (promoters - detractors)) / count;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

const figures = (row: Counts): NpsFigures => ({
  count: row.count,
  promoters: row.promoters,
  passives: row.passives,
  detractors: row.detractors,
  nps: npsOf(row.promoters, row.detractors, row.count),
});

/** The counts of a group of answers (aliased `f`), the same SQL for the statistics and the dashboard. */
const COUNTS = sql`count(*)::int AS count,
      (count(*) FILTER (WHERE f.score >= 9))::int AS promoters,
      (count(*) FILTER (WHERE f.score BETWEEN 7 AND 8))::int AS passives,
      (count(*) FILTER (WHERE f.score <= 6))::int AS detractors`;

/**
 * Counts and NPS of the answers a filter matches, narrowed by `within` (a condition on answers `a`, e.g. the
 * dashboard's viewer scope): the Statistik tab's "Gesamt" for the same filter, so the dashboard's NPS card
 * and the NPS statistics can never disagree (same period bounds in company days, same rounding).
 */
export async function npsFiguresOf(
  db: Database,
  zone: string,
  filter: NpsFilterValues,
  within: RawBuilder<unknown> = sql`true`,
): Promise<NpsFigures> {
  const { rows } = await sql<Counts>`
    SELECT ${COUNTS}
    FROM (SELECT a.score FROM nps_answer a WHERE ${npsFilterClause(filter, zone)} AND ${within}) f`.execute(
    db,
  );
  return figures(rows[0] ?? EMPTY);
}

/** Best NPS first; groups without answers last; then more answers first, then by name. */
const ranked = <T extends NpsFigures & { name: string }>(rows: T[]) =>
  rows.sort(
    (x, y) => (y.nps ?? -1000) - (x.nps ?? -1000) || y.count - x.count || x.name.localeCompare(y.name, 'de'),
  );

/** Every month YYYY-MM from `first` to `last`, both included. */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number) as [number, number];
  const end = last.slice(0, 7);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(month).padStart(2, '0')}`;
    if (key > end) break;
    months.push(key);
    [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
  }
  return months;
}

/**
 * nps/statisticsv2: the figures of the answers the filters match, counted in the database in one pass
 * (grouping sets: all, month, branch, seller, score). Months are the company's calendar months; every month
 * of the period appears, also without answers (NPS null). Branches: every active branch in the filter, also
 * without answers; sellers: those with answers.
 */
export async function npsStatistics(
  db: Database,
  zone: string,
  filter: NpsFilterValues,
): Promise<NpsStatistics> {
  const { rows } = await sql<GroupRow>`
    SELECT
      CASE WHEN GROUPING(f.month) = 0 THEN 'month' WHEN GROUPING(f.branch_id) = 0 THEN 'branch'
           WHEN GROUPING(f.seller_user_id) = 0 THEN 'seller' WHEN GROUPING(f.score) = 0 THEN 'score'
           ELSE 'all' END AS kind,
      f.month, f.branch_id AS "branchId", f.seller_user_id AS "sellerId", f.score,
      ${COUNTS}
    FROM (
      SELECT a.score, a.branch_id, a.seller_user_id, to_char(a.answered_at AT TIME ZONE ${zone}, 'YYYY-MM') AS month
      FROM nps_answer a WHERE ${npsFilterClause(filter, zone)}
    ) f
    GROUP BY GROUPING SETS ((), (f.month), (f.branch_id), (f.seller_user_id), (f.score))`.execute(db);
  const of = (kind: GroupRow['kind']) => rows.filter((row) => row.kind === kind);
  const overall = of('all')[0] ?? EMPTY;

  const monthRows = new Map(of('month').map((row) => [row.month!, row]));
  const answered = [...monthRows.keys()].sort();
  const first = filter.from ?? answered[0];
  const last = filter.to ?? answered.at(-1) ?? (filter.from ? companyToday(zone) : undefined);
  const months =
    first && last
      ? monthsBetween(first, last).map((month) => ({ month, ...figures(monthRows.get(month) ?? EMPTY) }))
      : [];

  const branchRows = new Map(of('branch').map((row) => [row.branchId, row]));
  const everyBranch = db.selectFrom('branch').select(['id', 'name', 'active']);
  const branchList = await (
    filter.branchId ? everyBranch.where('id', '=', filter.branchId) : everyBranch
  ).execute();
  const branches: NpsStatistics['branches'] = branchList
    .filter((branch) => branch.active || branchRows.has(branch.id))
    .map((branch) => ({ id: branch.id, name: branch.name, ...figures(branchRows.get(branch.id) ?? EMPTY) }));
  const withoutBranch = branchRows.get(null);
  if (withoutBranch) branches.push({ id: null, name: 'Ohne Filiale', ...figures(withoutBranch) });

  const sellerRows = of('seller');
  const sellerIds = sellerRows.map((row) => row.sellerId).filter((id): id is number => id !== null);
  const names = sellerIds.length
    ? await db
        .selectFrom('app_user')
        .select(['id', 'name'])
        .where('id', '=', (eb) => eb.fn.any(eb.val(sellerIds)))
        .execute()
    : [];
  const sellers = sellerRows.map((row) => ({
    id: row.sellerId,
    name: row.sellerId === null ? 'Ohne Verkäufer' : (names.find((n) => n.id === row.sellerId)?.name ?? '?'),
    ...figures(row),
  }));

  const scoreRows = new Map(of('score').map((row) => [row.score, row.count]));
  const distribution = Array.from({ length: 11 }, (_, score) => ({
    score,
    count: scoreRows.get(score) ?? 0,
  }));

  const comments = await sql<NpsStatistics['detractorComments'][number]>`
    SELECT a.id, a.answered_at AS "answeredAt", a.score, btrim(a.comment) AS comment,
      a.customer_id AS "customerId", c.display_name AS "customerName"
    FROM nps_answer a JOIN customer c ON c.id = a.customer_id
    WHERE ${npsFilterClause(filter, zone)} AND a.score <= 6 AND nullif(btrim(a.comment), '') IS NOT NULL
    ORDER BY a.answered_at DESC, a.id DESC LIMIT 5`.execute(db);

  return {
    overall: figures(overall),
    months,
    branches: ranked(branches),
    sellers: ranked(sellers),
    distribution,
    detractorComments: comments.rows,
  };
}
