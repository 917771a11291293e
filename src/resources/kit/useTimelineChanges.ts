import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ChangeEntry } from '../changeHistory/changeHistory.endpoints';

const PER_PAGE = 50;

/** A timeline's rows with the Änderungsverlauf's rows between them, newest first. */
export type MergedRow<T> =
  { kind: 'item'; item: T; at: string } | { kind: 'change'; entry: ChangeEntry; at: string };

/**
 * A merged row's React key. Changes get a prefix of their own: a timeline item's kind may be "aenderung" (a
 * seller's change on a Vorgang) with an id that a change of the Änderungsverlauf also has, and two rows with one
 * key made React show one entry twice after the list changed.
 */
export const mergedRowKey = (row: MergedRow<{ kind: string; id: number }>): string =>
  row.kind === 'change' ? `verlauf-${row.entry.id}` : `${row.item.kind}-${row.item.id}`;

/**
 * Interleaves a record's changes with its timeline by time. The timeline loads page by page; changes are shown
 * down to its oldest loaded entry (all of them once the timeline has no more) and fetched on as far as needed.
 */
export function useTimelineChanges<T extends { at: string }>(options: {
  key: readonly unknown[];
  enabled: boolean;
  load: (page: number, perPage: number) => Promise<{ data: ChangeEntry[]; total: number }>;
  items: readonly T[];
  timelineHasMore: boolean;
}): { rows: MergedRow<T>[]; error: Error | null } {
  const changes = useInfiniteQuery({
    queryKey: [...options.key, 'aenderungen'],
    enabled: options.enabled,
    initialPageParam: 1,
    queryFn: ({ pageParam }) => options.load(pageParam, PER_PAGE),
    getNextPageParam: (last, pages) => (pages.length * PER_PAGE < last.total ? pages.length + 1 : undefined),
  });
  const entries = options.enabled ? (changes.data?.pages.flatMap((page) => page.data) ?? []) : [];
  const oldest = options.items.at(-1)?.at;
  const cutoff = options.timelineHasMore && oldest ? oldest : '';
  const lastChange = entries.at(-1)?.at;
  const needMore = options.enabled && changes.hasNextPage && lastChange !== undefined && lastChange >= cutoff;
  const { fetchNextPage, isFetchingNextPage } = changes;
  useEffect(() => {
    if (needMore && !isFetchingNextPage) void fetchNextPage();
  }, [needMore, isFetchingNextPage, fetchNextPage]);
  const rows: MergedRow<T>[] = [
    ...options.items.map((item) => ({ kind: 'item' as const, item, at: item.at })),
    ...entries
      .filter((entry) => entry.at >= cutoff)
      .map((entry) => ({ kind: 'change' as const, entry, at: entry.at })),
  ];
  // ISO instants compare as text; the timeline's own order stays for equal times.
  rows.sort((a, b) => (a.at === b.at ? 0 : a.at < b.at ? 1 : -1));
  return { rows, error: options.enabled ? changes.error : null };
}
