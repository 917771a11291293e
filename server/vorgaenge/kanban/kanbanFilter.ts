import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../../platform/db/database';
import { filterConditions, withSearch, type ListContext } from '../vorgangListQueries';

/**
 * Which Vorgänge are cards on the board: all but the lost ones. A lost Vorgang (Verloren with a Verlustgrund)
 * left the sales pipeline; moving its card would not bring it back (that is "Verloren zurücknehmen" on its
 * page), and 10 % of all Vorgänge would only crowd the columns. The same condition is the predicate of
 * `vorgang_board_idx` (migration 0020), so every board query reads that index.
 */
export const BOARD_MEMBER = sql`v.system_status <> 'verloren'`;

/** The board's filters, as on the Vorgänge list. */
export interface BoardFilter {
  q?: string;
  mine?: boolean;
  sellerUserId?: number;
  branchId?: number;
  labelId?: number;
}

/**
 * The board's WHERE conditions on alias v (the card's column aside): board membership and the list's own
 * filters (its quick search over Vorgangsnummer, Bezeichnung, Kundenname and Belegnummer included).
 */
export async function boardConditions(
  db: Database,
  filter: BoardFilter,
  context: ListContext,
): Promise<RawBuilder<unknown>> {
  const listFilter = {
    q: filter.q,
    mine: filter.mine,
    sellerUserId: filter.sellerUserId,
    branchId: filter.branchId,
    labelId: filter.labelId,
  };
  const conditions = filterConditions(listFilter, await withSearch(db, listFilter, context));
  return sql.join([BOARD_MEMBER, ...conditions], sql` AND `);
}
