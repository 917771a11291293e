/**
 * react-query's retry for every query of the app: an answer the server gave on purpose (4xx: not found, no
 * permission, bad input) comes again the same, so it is shown at once instead of after three retries and seven
 * seconds of a spinner (an unknown Vorgang was asked for four times); network failures and 5xx
 * are tried again as react-query does by default.
 */
export function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return false;
  return failureCount < 3;
}
