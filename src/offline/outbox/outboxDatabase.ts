/** The IndexedDB database of the outbox (every account's entries, each marked with its account). */
export const OUTBOX_DATABASE = 'fenster-crm-ausgang';

/**
 * Deletes the outbox of every account on this device (sign-out). Plain IndexedDB, so the sign-out path loads
 * nothing more; an open connection of this or another tab lets go on the version change (outboxStore.ts).
 */
export function wipeOutbox(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve();
    const request = indexedDB.deleteDatabase(OUTBOX_DATABASE);
    request.onsuccess = () => resolve();
    // Sign-out goes on either way; a failed delete must not keep the person signed in.
    request.onerror = () => resolve();
  });
}
