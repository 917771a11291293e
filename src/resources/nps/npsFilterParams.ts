import type { NpsFilterState } from './NpsFilterBar';
import { NPS_PERIODS, type NpsPeriod } from './npsPeriod.rules';

/** The NPS page's filters in its address, so a link (the dashboard's NPS card) opens them. German keys. */
const KEYS = {
  period: 'zeitraum',
  from: 'von',
  to: 'bis',
  branchId: 'filiale',
  sellerId: 'verkaeufer',
  category: 'kategorie',
  withComment: 'kommentar',
} as const;

const CATEGORIES = ['kritiker', 'passiv', 'promoter'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const idOf = (text: string | null): number | '' => {
  const id = Number(text);
  return text && Number.isInteger(id) && id > 0 ? id : '';
};

/** The filter bar's state an address stands for; anything missing or malformed is the default. */
export function filterStateOf(params: URLSearchParams): NpsFilterState {
  const period = params.get(KEYS.period);
  const day = (key: 'from' | 'to') => {
    const value = params.get(KEYS[key]);
    return value && DAY.test(value) ? value : null;
  };
  const category = params.get(KEYS.category);
  return {
    period: NPS_PERIODS.some((choice) => choice.id === period) ? (period as NpsPeriod) : 'last12',
    from: day('from'),
    to: day('to'),
    branchId: idOf(params.get(KEYS.branchId)),
    sellerId: idOf(params.get(KEYS.sellerId)),
    category: CATEGORIES.find((choice) => choice === category) ?? '',
    withComment: params.get(KEYS.withComment) === '1',
  };
}

/** `params` with the filters of `state` (defaults left out); other keys (the tab) are kept. */
export function withFilterState(params: URLSearchParams, state: NpsFilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  Object.values(KEYS).forEach((key) => next.delete(key));
  if (state.period !== 'last12') next.set(KEYS.period, state.period);
  if (state.period === 'custom' && state.from) next.set(KEYS.from, state.from);
  if (state.period === 'custom' && state.to) next.set(KEYS.to, state.to);
  if (state.branchId !== '') next.set(KEYS.branchId, String(state.branchId));
  if (state.sellerId !== '') next.set(KEYS.sellerId, String(state.sellerId));
  if (state.category) next.set(KEYS.category, state.category);
  if (state.withComment) next.set(KEYS.withComment, '1');
  return next;
}

/** The Statistik tab of the NPS page for a period of company days, one branch and/or seller. */
export function npsStatisticsLink(filter: {
  from: string;
  to: string;
  branchId?: number;
  sellerId?: number;
}): string {
  const params = withFilterState(new URLSearchParams({ ansicht: 'statistik' }), {
    period: 'custom',
    from: filter.from,
    to: filter.to,
    branchId: filter.branchId ?? '',
    sellerId: filter.sellerId ?? '',
    category: '',
    withComment: false,
  });
  return `/crm/nps?${params}`;
}
