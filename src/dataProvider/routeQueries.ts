import type { QueryClient } from '@tanstack/react-query';

/** A call a route makes first, started before the query cache exists: its key and its answer to come. */
export interface RouteQuery {
  queryKey: readonly unknown[];
  promise: Promise<unknown>;
  /** The answer, once it has come (so that the cache can take it as it is, not as a query still running). */
  answer?: { data: unknown };
}

/** Starts one of a route's first calls under the key its screen will read it by. */
export type StartQuery = (queryKey: readonly unknown[], queryFn: () => Promise<unknown>) => void;

/** A `StartQuery` that starts each call at once and keeps it, for `seedRouteQueries`. */
export function collectRouteQueries(): { start: StartQuery; queries: RouteQuery[] } {
  const queries: RouteQuery[] = [];
  const start: StartQuery = (queryKey, queryFn) => {
    const query: RouteQuery = { queryKey, promise: queryFn() };
    query.promise.then(
      (data) => (query.answer = { data }),
      // Nobody may be waiting yet; a failure is the screen's to report when it asks again.
      () => undefined,
    );
    queries.push(query);
  };
  return { start, queries };
}

/** Long enough for the screen's code to arrive and mount; after that its queries refetch as usual. */
const FRESH_MS = 10_000;

/**
 * Hands calls started early to the query cache: the mounted screen finds them answered (and draws its data in
 * its first render) or in flight.
 */
export function seedRouteQueries(queryClient: QueryClient, queries: readonly RouteQuery[]): void {
  for (const { queryKey, promise, answer } of queries) {
    // A call that failed (a Vorgang that does not exist: 404) is not asked again by the screen that mounts now;
    // later it is, as any failed query.
    queryClient.setQueryDefaults(queryKey, { staleTime: FRESH_MS, retryOnMount: false });
    setTimeout(() => queryClient.setQueryDefaults(queryKey, { staleTime: FRESH_MS }), FRESH_MS);
    if (answer) queryClient.setQueryData(queryKey, answer.data);
    else void queryClient.prefetchQuery({ queryKey, queryFn: () => promise }).catch(() => undefined);
  }
}
