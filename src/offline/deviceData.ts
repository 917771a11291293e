// What the app keeps on this device for one account, and the one place that wipes it. Every key carries the
// account (MSAL's home account id), so a second person on the same browser starts from nothing of the first;
// signing out removes all of it.

/** The prefix of every localStorage entry kept per account. */
const PREFIX = 'fenster-crm.geraet.';
/** The search's records opened lately (Strg+K), kept per account under a key of their own. */
const SEARCH_PREFIX = 'crm.suche.zuletzt.';

/** The localStorage key of `what` kept for `accountId`. */
export const deviceKey = (what: string, accountId: string) => `${PREFIX}${what}.${accountId}`;

let ended = false;

/**
 * Whether this page has signed out: from then on nothing of a person is written on this device again (a
 * background fill or a late answer still on its way is dropped), so that the wipe is final.
 */
export const deviceWritesEnded = (): boolean => ended;

/** Removes everything kept on this device for any account (sign-out); `final` ends every later write too. */
export function forgetDeviceData(storage: Storage = window.localStorage, final = false): void {
  if (final) ended = true;
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX) || key?.startsWith(SEARCH_PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
