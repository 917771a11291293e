// The group names this browser last read for an account, in localStorage. A hint, never a permission: it only
// lets a cold page load ask for its first data (a list's rows) beside user/myGroups instead of after it. What
// a person may see is decided by the groups read afresh, and by the server on every call.
import { deviceWritesEnded } from '../offline/deviceData';

const GROUPS_HINT_KEY = 'fenster-crm.groups';

/** Keeps the groups just read for `account` (its MSAL home account id). */
export function rememberGroups(account: string, groups: readonly string[]): void {
  if (deviceWritesEnded()) return;
  try {
    localStorage.setItem(GROUPS_HINT_KEY, JSON.stringify({ account, groups }));
  } catch {
    // Storage full or blocked: the next load simply waits for the groups.
  }
}

/** The hint as kept: the account it was read for and its groups (strings only), or null. */
function readHint(): { account: unknown; groups: string[] } | null {
  try {
    const hint = JSON.parse(localStorage.getItem(GROUPS_HINT_KEY) ?? 'null') as {
      account?: unknown;
      groups?: unknown;
    } | null;
    if (!Array.isArray(hint?.groups)) return null;
    return {
      account: hint.account,
      groups: hint.groups.filter((group): group is string => typeof group === 'string'),
    };
  } catch {
    return null;
  }
}

/** The groups last read for `account` in this browser, or null. */
export function lastKnownGroups(account: string): string[] | null {
  const hint = readHint();
  return hint?.account === account ? hint.groups : null;
}

/**
 * The groups last read in this browser, whoever they were read for, or null. Only for choosing which code to ask
 * for before MSAL has said who is signed in: never for data.
 */
export function lastGroupsOfThisBrowser(): string[] | null {
  return readHint()?.groups ?? null;
}

/** Forgets the hint (sign-out). */
export function forgetGroups(): void {
  localStorage.removeItem(GROUPS_HINT_KEY);
}
