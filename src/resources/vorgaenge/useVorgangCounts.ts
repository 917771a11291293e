import { keepPreviousData } from '@tanstack/react-query';
import { useEndpoint } from '../../api/useEndpoint';
import { getVorgangCounts, type VorgangFilter } from './vorgangList.endpoints';
import type { VorgangStatusCounts } from './vorgangListTypes';

/**
 * The tab counts and the list's total for the filters (vorgang/getVorgangCounts), asked only when `ready`
 * (the rows are on screen). Tab, sort and page are not part of the question: switching tabs or pages
 * reuses the counts. Counts of a previous filter are not shown (undefined) while new ones are counted.
 */
export function useVorgangCounts(filter: VorgangFilter, ready: boolean) {
  const { status, sort: _sort, order: _order, ...countFilter } = filter;
  const { data, isPlaceholderData } = useEndpoint(
    getVorgangCounts,
    { query: countFilter },
    { placeholderData: keepPreviousData, enabled: ready },
  );
  const counts = data && !isPlaceholderData ? data.counts : undefined;
  return {
    count: (tab: string) => counts?.[tab as keyof VorgangStatusCounts],
    total: counts?.[status ?? 'alle'],
  };
}
