import type { QueryClientConfig } from '@tanstack/react-query';

/**
 * react-query's retry for every query of the app: an answer the server gave on purpose (4xx: not found, no
 * permission, bad input) comes again the same, so it is shown at once instead of after three retries and seven
 * seconds of a spinner (an unknown Vorgang was asked for four times). A call that did not reach the server
 * while the device is offline is not tried again either: nothing kept answered it, and the person should read
 * "nicht erreichbar" now, not after seven seconds. Other network failures and 5xx are tried again as
 * react-query does by default.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  if (status === 0 && globalThis.navigator?.onLine === false) return false;
  return failureCount < 3;
}

/**
 * The defaults of every query of the app. `offlineFirst`: a query runs even when the browser said it went
 * offline, because the data provider answers it from the kept copy then (react-query's default would hold it
 * as "paused" until the network is back: a seller losing signal with the app open saw a spinner instead of
 * the customer kept on the device).
 */
export const QUERY_DEFAULTS = {
  queries: { retry: retryUnlessRefused, networkMode: 'offlineFirst' },
} as const satisfies QueryClientConfig['defaultOptions'];
