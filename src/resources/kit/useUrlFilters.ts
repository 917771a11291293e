import { useSearchParamsInOrder } from './useSearchParamsInOrder';

/** What a log page's filters are: the set ones by key, the page, how to change them, and a period's error. */
export interface UrlFilters<K extends string> {
  filter: Partial<Record<K, string>>;
  page: number;
  /** Sets (or with null clears) filters; any change other than the page goes back to page 1. */
  update: (changes: Partial<Record<K | 'page', string | null>>) => void;
  /** The German error of a period whose end lies before its start ("from"/"to" filters). */
  periodError: string | undefined;
}

/**
 * A paged log's filters, kept in the address (a filtered view can be linked and survives a reload), for the
 * admin logs (Änderungsverlauf, Datenschutz-Protokoll, Sammelaktionen …).
 */
export function useUrlFilters<K extends string>(keys: readonly K[]): UrlFilters<K> {
  const [params, setParams] = useSearchParamsInOrder();
  const filter = Object.fromEntries(
    keys.flatMap((key) => (params.get(key) ? [[key, params.get(key)!]] : [])),
  ) as Partial<Record<K, string>>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const update = (changes: Partial<Record<K | 'page', string | null>>) => {
    setParams(
      (next) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value as string);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  };
  const { from, to } = filter as { from?: string; to?: string };
  const periodError = from && to && from > to ? 'Das Ende liegt vor dem Anfang des Zeitraums.' : undefined;
  return { filter, page, update, periodError };
}
