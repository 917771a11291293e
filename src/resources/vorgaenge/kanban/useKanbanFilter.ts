import { useCallback, useMemo } from 'react';
import { useSearchParamsInOrder } from '../../kit/useSearchParamsInOrder';

/** The board's filters (as on the Vorgänge list), kept in the address so a link opens the board filtered. */
export interface KanbanFilter {
  q?: string;
  mine?: boolean;
  sellerUserId?: number;
  branchId?: number;
  labelId?: number;
}

const NUMBER_KEYS = ['sellerUserId', 'branchId', 'labelId'] as const;

/** Reads and changes the filters in the address (`?q=…&mine=true&sellerUserId=…`). */
export function useKanbanFilter() {
  const [params, changeParams] = useSearchParamsInOrder();
  const q = params.get('q') ?? '';
  const mine = params.get('mine') === 'true';
  // Text, so that the filter object changes only when a value does (not for the opened card's tab).
  const numbers = NUMBER_KEYS.map((key) => params.get(key) ?? '').join(',');
  const filter = useMemo(() => {
    const result: KanbanFilter = {};
    if (q.trim()) result.q = q.trim();
    if (mine) result.mine = true;
    numbers.split(',').forEach((text, i) => {
      const value = Number(text);
      if (Number.isInteger(value) && value > 0) result[NUMBER_KEYS[i]!] = value;
    });
    return result;
  }, [q, mine, numbers]);

  /** Changes some filters, from the address the previous change asked for; an empty value removes it. */
  const update = useCallback(
    (changes: Partial<Record<keyof KanbanFilter, string | number | boolean | undefined | null>>) => {
      changeParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(changes)) {
            if (value === undefined || value === null || value === '' || value === false) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [changeParams],
  );
  return { filter, update };
}

/** Changes filters in the address (see `useKanbanFilter`). */
export type KanbanFilterUpdate = ReturnType<typeof useKanbanFilter>['update'];
