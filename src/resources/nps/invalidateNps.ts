import type { QueryClient } from '@tanstack/react-query';

/** Refreshes every NPS read (list, count, statistics, filters) after an answer changed. */
export const invalidateNps = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && query.queryKey[0].startsWith('nps'),
  });
