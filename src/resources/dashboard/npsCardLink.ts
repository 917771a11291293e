import { ninetyDaysTo } from '../nps/npsPeriod.rules';
import type { DashboardFigures } from './dashboard.endpoints';

/**
 * The NPS statistics filter behind the dashboard's "NPS (90 Tage)": its 90 days and its scope (the seller, or
 * the one led branch; several led branches have no single NPS filter, so then all branches are shown).
 */
export function npsCardFilter(owner: DashboardFigures['owner'], today: string) {
  return {
    ...ninetyDaysTo(today),
    ...(owner.sellerId !== null ? { sellerId: owner.sellerId } : {}),
    ...(owner.sellerId === null && owner.branchIds.length === 1 ? { branchId: owner.branchIds[0]! } : {}),
  };
}
