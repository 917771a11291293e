import { sql, type RawBuilder } from 'kysely';
import type { VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import {
  VORGANG_STATUSES,
  type VorgangListCounts,
  type VorgangStatusCounts,
} from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Database } from '../platform/db/database';
import { filterConditions, LIST_FROM, whereOf, withSearch, type ListContext } from './vorgangListQueries';

/**
 * Every matching row counted once, grouped by status: exact counts for all tabs in one pass. On 237.000
 * Vorgänge this is cheaper than the capped per-status counts it replaced (those ran six passes of up to 10.001
 * rows each and re-evaluated a broad filter, e.g. a Beleg range or a word, once per status: up to 2 s).
 */
export function statusCountQuery(conditions: RawBuilder<unknown>[]) {
  return sql<{ status: string; n: number }>`
    SELECT v.system_status AS status, count(*)::int AS n ${LIST_FROM} ${whereOf(conditions)}
    GROUP BY v.system_status`;
}

/** Counts per status tab and for „Alle“ under the filters (the tab itself not applied), exact. */
export async function statusCounts(
  db: Database,
  filter: VorgangFilter,
  context: ListContext,
): Promise<VorgangStatusCounts> {
  const { rows } = await statusCountQuery(filterConditions(filter, context)).execute(db);
  const counts = { alle: rows.reduce((sum, row) => sum + row.n, 0) } as VorgangStatusCounts;
  for (const status of VORGANG_STATUSES) counts[status] = rows.find((row) => row.status === status)?.n ?? 0;
  return counts;
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
