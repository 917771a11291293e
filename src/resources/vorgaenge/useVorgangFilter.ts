import { useCallback, useMemo } from 'react';
import { useSearchParamsInOrder } from '../kit/useSearchParamsInOrder';
import { vorgangListState } from './vorgangListState.rules';

/** The list's state (filters, order, page) lives in the address, so a link such as ?q=V26-000123 opens it filtered. */
export function useVorgangFilter() {
  const [params, setParams] = useSearchParamsInOrder();
  const { filter, page, perPage } = useMemo(() => vorgangListState(params), [params]);

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
