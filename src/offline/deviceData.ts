// What the app keeps on this device for one account, and the one place that wipes it. Every key carries the
// account (MSAL's home account id), so a second person on the same browser starts from nothing of the first;
// signing out removes all of it.

/** The prefix of every localStorage entry kept per account. */
const PREFIX = 'fenster-crm.geraet.';

/** The localStorage key of `what` kept for `accountId`. */
export const deviceKey = (what: string, accountId: string) => `${PREFIX}${what}.${accountId}`;

/** Removes everything kept on this device for any account (sign-out). */
export function forgetDeviceData(storage: Storage = window.localStorage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key?.startsWith(PREFIX)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
