import type { DashboardFigures } from './dashboard.endpoints';

/**
 * A link to the Vorgänge list filtered react-admin style (`?filter={...}`). The filter names (mine, sellerId,
 * branchId, status, belegType, belegDateFrom, belegDateTo, lastActivityBefore) are the ones the list agrees on.
 */
export function vorgangListLink(
  owner: DashboardFigures['owner'] | undefined,
  filter: Record<string, unknown>,
) {
  const whose = owner?.branchIds.length
    ? { branchId: owner.branchIds.length === 1 ? owner.branchIds[0] : owner.branchIds }
    : owner?.sellerId
      ? { sellerId: owner.sellerId }
      : { mine: true };
  return `/crm/vorgang?filter=${encodeURIComponent(JSON.stringify({ ...whose, ...filter }))}`;
}
