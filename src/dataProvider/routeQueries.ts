import type { QueryClient } from '@tanstack/react-query';

/** A call a route makes first, started before the query cache exists: its key and its answer to come. */
export interface RouteQuery {
  queryKey: readonly unknown[];
  promise: Promise<unknown>;
}

/** Starts one of a route's first calls under the key its screen will read it by. */
export type StartQuery = (queryKey: readonly unknown[], queryFn: () => Promise<unknown>) => void;

/** A `StartQuery` that starts each call at once and keeps it, for `seedRouteQueries`. */
export function collectRouteQueries(): { start: StartQuery; queries: RouteQuery[] } {
  const queries: RouteQuery[] = [];
  const start: StartQuery = (queryKey, queryFn) => {
    const promise = queryFn();
    // Nobody may be waiting yet; a failure is the screen's to report when it asks again.
    promise.catch(() => undefined);
    queries.push({ queryKey, promise });
  };
  return { start, queries };
}

/** Long enough for the screen's code to arrive and mount; after that its queries refetch as usual. */
const FRESH_MS = 10_000;

/** Hands calls started early to the query cache: the mounted screen finds them in flight or answered. */
export function seedRouteQueries(queryClient: QueryClient, queries: readonly RouteQuery[]): void {
  for (const { queryKey, promise } of queries) {
    queryClient.setQueryDefaults(queryKey, { staleTime: FRESH_MS });
    void queryClient.prefetchQuery({ queryKey, queryFn: () => promise }).catch(() => undefined);
  }
}
