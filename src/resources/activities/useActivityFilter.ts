import { useSearchParamsInOrder } from '../kit/useSearchParamsInOrder';

/** The filter fields of the activities list, as the URL keeps them (so a filtered list can be linked). */
export const FILTER_KEYS = ['activityType', 'reasonId', 'userId', 'branchId', 'from', 'to', 'done'] as const;
export type ActivityFilterKey = (typeof FILTER_KEYS)[number];

/** Reads and writes the list's filters, sort and page in the URL. */
export function useActivityFilter() {
  const [params, changeParams] = useSearchParamsInOrder();
  const filter = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  ) as Partial<Record<ActivityFilterKey, string>>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sort = params.get('sort') ?? 'activityDate';
  const order = params.get('order') === 'ASC' ? 'ASC' : 'DESC';
  // From the address the previous change asked for: two quick changes keep both.
  const update = (changes: Record<string, string | null>) =>
    changeParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        // Any change but paging starts again at page 1.
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { filter, page, sort, order: order as 'ASC' | 'DESC', update };
}
