import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';
import { subDays } from 'date-fns/subDays';
import type { VorgangFilter } from '../vorgaenge/vorgangList.endpoints';
import { FOLLOW_UP_DAYS, type DashboardFigures } from './dashboard.endpoints';

/** The part of a figure's link that says which Vorgänge it counts; the owner's part is added by the link. */
export type FigureFilter = Pick<
  VorgangFilter,
  'status' | 'belegType' | 'belegFrom' | 'belegTo' | 'inactiveSince' | 'stagnant'
>;

/** The list filter of a figure: the owner's scope (branches, a seller or „nur meine“) plus the figure's own. */
export function figureListFilter(
  owner: DashboardFigures['owner'] | undefined,
  filter: FigureFilter,
): VorgangFilter {
  const whose: VorgangFilter = owner?.branchIds.length
    ? { branchIds: owner.branchIds.join(',') }
    : owner?.sellerId
      ? { sellerUserId: owner.sellerId }
      : { mine: true };
  return { ...whose, ...filter };
}

/** A link to the Vorgänge list with the filter names it reads from the address (see useVorgangFilter). */
export function vorgangListLink(owner: DashboardFigures['owner'] | undefined, filter: FigureFilter) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(figureListFilter(owner, filter))) {
    if (value !== undefined) params.set(key, String(value));
  }
  return `/crm/vorgang?${params.toString()}`;
}

/**
 * The Kartenansicht under the owner's scope, for „Erwartet in diesem Quartal“ (its header shows the same sum):
 * a seller, one branch, or „nur meine“; several branches are the whole board (it filters one branch at a time).
 */
export function boardLink(owner: DashboardFigures['owner'] | undefined) {
  const params = owner?.branchIds.length
    ? owner.branchIds.length === 1
      ? `?branchId=${owner.branchIds[0]}`
      : ''
    : owner?.sellerId
      ? `?sellerUserId=${owner.sellerId}`
      : '?mine=true';
  return `/crm/vorgang/kartenansicht${params}`;
}

/** The day on which an offer's last activity must lie at the latest to need a follow-up (`days` before today). */
export const followUpDay = (today: string, days: number) =>
  format(subDays(parseISO(today), days), 'yyyy-MM-dd');

/** The Vorgänge behind each linked Kennzahl, seen on the company day `today` (year = today's year). */
export function figureFilters(today: string) {
  const monthStart = `${today.slice(0, 8)}01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const orders = (from: string): FigureFilter => ({
    belegType: 'auftragsbestaetigung',
    belegFrom: from,
    belegTo: today,
  });
  return {
    openOffers: { status: 'angebot' },
    ordersMonth: orders(monthStart),
    ordersYear: orders(yearStart),
    offered: { belegType: 'angebot', belegFrom: yearStart, belegTo: today },
    revenue: { belegType: 'rechnung,gutschrift', belegFrom: yearStart, belegTo: today },
    followUp: { status: 'angebot', inactiveSince: followUpDay(today, FOLLOW_UP_DAYS) },
    stagnant: { stagnant: true },
  } satisfies Record<string, FigureFilter>;
}
