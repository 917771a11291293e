import type { Database } from '../db/database';
import { ApiError } from '../http/apiError';
import { countHit } from '../http/rateLimitStore';
import { rateLimited } from '../metrics/metrics';

const WINDOW_MS = 60_000;
// Addresses this instance knows to be over the limit, so a burst is refused without a database write each.
const REMEMBERED_ADDRESSES = 10_000;

/**
 * Slows bursts of refused tokens (or none) per client address, across all instances: each refusal counts
 * one hit in PostgreSQL; past `maxPerMinute` in the window the answer is a German 429 with Retry-After
 * instead of the 401. Only refusals are counted, so a caller whose token is good is never slowed, not even
 * behind the same address (an office's NAT) as someone whose attempts fail.
 */
export function failedSignInLimiter(db: Database, maxPerMinute: number) {
  const blockedUntil = new Map<string, number>();

  const tooMany = (until: number) => {
    const seconds = Math.max(1, Math.ceil((until - Date.now()) / 1000));
    rateLimited.inc({ route: 'Anmeldung' });
    return Object.assign(
      new ApiError(
        429,
        `Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Bitte versuchen Sie es in ${seconds === 1 ? 'einer Sekunde' : `${seconds} Sekunden`} erneut.`,
      ),
      { retryAfterSeconds: seconds },
    );
  };

  /** Counts a refusal from `address`; answers the 429 to send instead of the 401, if over the limit. */
  return async function refused(
    address: string,
  ): Promise<(ApiError & { retryAfterSeconds: number }) | undefined> {
    const known = blockedUntil.get(address);
    if (known !== undefined && known > Date.now()) return tooMany(known);
    blockedUntil.delete(address);
    // A database that does not answer must not turn the 401 into a 500: the refusal then goes uncounted.
    const counted = await countHit(db, `anmeldung|${address}`, WINDOW_MS).catch(() => undefined);
    if (!counted) return undefined;
    const { current, ttl } = counted;
    if (current <= maxPerMinute) return undefined;
    const until = Date.now() + ttl;
    if (blockedUntil.size >= REMEMBERED_ADDRESSES) blockedUntil.clear();
    blockedUntil.set(address, until);
    return tooMany(until);
  };
}
