import { sql, type RawBuilder } from 'kysely';
import type { VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import {
  COUNT_LIMIT,
  VORGANG_STATUSES,
  type VorgangListCounts,
  type VorgangStatusCounts,
} from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Database } from '../platform/db/database';
import { filterConditions, LIST_FROM, whereOf, withSearch, type ListContext } from './vorgangListQueries';

/**
 * First pass: up to COUNT_LIMIT + 1 matching rows, grouped by status. When the filter matches no more than
 * COUNT_LIMIT rows (most filters: a label, a search, a seller's month), this one pass is every count, exact.
 */
export function sampleCountQuery(conditions: RawBuilder<unknown>[]) {
  return sql<{ status: string; n: number }>`
    SELECT s.status, count(*)::int AS n
    FROM (SELECT v.system_status AS status ${LIST_FROM} ${whereOf(conditions)} LIMIT ${COUNT_LIMIT + 1}) s
    GROUP BY s.status`;
}

/**
 * Second pass, only for a filter with more than COUNT_LIMIT matches: per status a count that reads at most
 * COUNT_LIMIT + 1 rows (status-led indexes, migrations 0010 and 0022), so „mehr als 10.000“ costs a few
 * thousand index entries, not all 235.000 rows.
 */
export function cappedCountsQuery(conditions: RawBuilder<unknown>[]) {
  const capped = (status: string) =>
    sql`(SELECT count(*)::int FROM (SELECT 1 ${LIST_FROM}
      ${whereOf([...conditions, sql`v.system_status = ${status}`])} LIMIT ${COUNT_LIMIT + 1}) s)`;
  const columns = VORGANG_STATUSES.map((status) => sql`${capped(status)} AS ${sql.ref(status)}`);
  return sql<Omit<VorgangStatusCounts, 'alle'>>`SELECT ${sql.join(columns, sql`, `)}`;
}

/** Counts per status tab and for „Alle“ under the filters (the tab itself not applied), each exact up to COUNT_LIMIT. */
export async function statusCounts(
  db: Database,
  filter: VorgangFilter,
  context: ListContext,
): Promise<VorgangStatusCounts> {
  const conditions = filterConditions(filter, context);
  const { rows } = await sampleCountQuery(conditions).execute(db);
  const alle = rows.reduce((sum, row) => sum + row.n, 0);
  if (alle <= COUNT_LIMIT) {
    const counts = { alle } as VorgangStatusCounts;
    for (const status of VORGANG_STATUSES) counts[status] = rows.find((row) => row.status === status)?.n ?? 0;
    return counts;
  }
  const { rows: capped } = await cappedCountsQuery(conditions).execute(db);
  return { alle, ...capped[0]! };
}

/** The list's total (with the status tab) and the counts per tab: vorgang/getVorgangCounts. */
export async function countVorgaenge(
  db: Database,
  filter: VorgangFilter,
  context: ListContext,
): Promise<VorgangListCounts> {
  const counts = await statusCounts(db, filter, await withSearch(db, filter, context));
  return { total: counts[filter.status ?? 'alle'], counts };
}
