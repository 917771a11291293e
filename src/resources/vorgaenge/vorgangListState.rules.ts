import type { VorgangFilter } from './vorgangList.endpoints';

const NUMBER_KEYS = [
  'sellerUserId',
  'branchId',
  'customStatusId',
  'labelId',
  'customerId',
  'netFrom',
  'netTo',
] as const;
const TEXT_KEYS = [
  'q',
  'status',
  'origin',
  'createdFrom',
  'createdTo',
  'expectedFrom',
  'expectedTo',
  'activityFrom',
  'activityTo',
  'branchIds',
  'belegType',
  'belegFrom',
  'belegTo',
  'inactiveSince',
  'matchColumn',
  'matchMode',
  'matchValue',
  'sort',
  'order',
] as const;

/** The Vorgänge list's filters, page and page size as its address (`?q=…&status=…&page=2`) states them. */
export function vorgangListState(params: URLSearchParams): {
  filter: VorgangFilter;
  page: number;
  perPage: number;
} {
  const result: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    const value = params.get(key);
    if (value) result[key] = value;
  }
  for (const key of NUMBER_KEYS) {
    const value = Number(params.get(key));
    if (params.get(key) && Number.isFinite(value)) result[key] = value;
  }
  if (params.get('mine') === 'true') result.mine = true;
  if (params.get('stagnant') === 'true') result.stagnant = true;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = [10, 25, 50, 100].includes(Number(params.get('perPage')))
    ? Number(params.get('perPage'))
    : 25;
  return { filter: result as VorgangFilter, page, perPage };
}
