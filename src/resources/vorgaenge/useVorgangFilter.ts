import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
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

/** The list's state (filters, order, page) lives in the address, so a link such as ?q=V26-000123 opens it filtered. */
export function useVorgangFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => {
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
    return result as VorgangFilter;
  }, [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const perPage = [10, 25, 50, 100].includes(Number(params.get('perPage')))
    ? Number(params.get('perPage'))
    : 25;

  /** Changes some values; any change but the page itself starts again at page 1. */
  const update = useCallback(
    (changes: Record<string, string | number | boolean | undefined | null>) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '' || value === false) next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filter, page, perPage, update };
}
