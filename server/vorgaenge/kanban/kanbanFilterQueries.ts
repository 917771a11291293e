import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/database';
import { filterConditions, withSearch, type ListContext } from '../vorgangListQueries';

/**
 * Which Vorgänge are cards on the board: the open pipeline (Anfrage, Angebot, Auftrag), as Pipedrive's and
 * Salesforce's boards show open deals. An invoiced Vorgang (Rechnung) is finished and a lost one left the
 * pipeline (bringing it back is "Verloren zurücknehmen" on its page); years of them would fill the columns
 * and make every move at the top of a column renumber tens of thousands of finished cards. The same condition
 * is the predicate of `vorgang_board_idx` (migration 0024), so every board query reads that index.
 */
export const BOARD_MEMBER = sql`v.system_status IN ('anfrage', 'angebot', 'auftrag')`;

/** The board's filters, as on the Vorgänge list. */
export interface BoardFilter {
  q?: string;
  mine?: boolean;
  sellerUserId?: number;
  branchId?: number;
  labelId?: number;
}

/**
 * The list's own filters on alias v as the board takes them (its quick search over Vorgangsnummer, Bezeichnung,
 * Kundenname and Belegnummer included), without board membership: what the board leaves out counts under them.
 */
export async function listConditions(
  db: Database,
  filter: BoardFilter,
  context: ListContext,
): Promise<RawBuilder<unknown>[]> {
  const listFilter = {
    q: filter.q,
    mine: filter.mine,
    sellerUserId: filter.sellerUserId,
    branchId: filter.branchId,
    labelId: filter.labelId,
  };
  // Never empty: "true" keeps `… AND ${conditions}` valid without filters.
  return [sql`true`, ...filterConditions(listFilter, await withSearch(db, listFilter, context))];
}

/** The board's WHERE conditions on alias v (the card's column aside): board membership and the list's filters. */
export function boardConditions(listed: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql.join([BOARD_MEMBER, ...listed], sql` AND `);
}
