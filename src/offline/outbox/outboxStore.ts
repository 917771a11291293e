import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { deviceWritesEnded } from '../deviceData';
import { OUTBOX_DATABASE } from './outboxDatabase';
import type { NewOutboxEntry, OutboxEntry } from './outboxTypes';

/**
 * The outbox on the device: IndexedDB, so what a seller saved without network survives closing the app and
 * restarting the phone. One database for every account; each entry carries its account and is only read for it.
 */

interface OutboxSchema extends DBSchema {
  eintraege: { key: number; value: OutboxEntry; indexes: { konto: string } };
}

let opened: Promise<IDBPDatabase<OutboxSchema>> | null = null;

function database(): Promise<IDBPDatabase<OutboxSchema>> {
  // After sign-out the outbox is gone for good in this page: opening it would create it again.
  if (deviceWritesEnded()) return Promise.reject(new DOMException('Abgemeldet', 'InvalidStateError'));
  opened ??= openDB<OutboxSchema>(OUTBOX_DATABASE, 1, {
    upgrade(db) {
      const store = db.createObjectStore('eintraege', { keyPath: 'seq', autoIncrement: true });
      store.createIndex('konto', 'accountId');
    },
    // Sign-out deletes the database (also from another tab): this connection lets go at once.
    blocking(_current, _next, event) {
      (event.target as IDBDatabase).close();
      opened = null;
    },
    terminated() {
      opened = null;
    },
  });
  return opened;
}

/** The account's entries in the order they were saved. */
export async function listEntries(accountId: string): Promise<OutboxEntry[]> {
  const entries = await (await database()).getAllFromIndex('eintraege', 'konto', accountId);
  return entries.sort((a, b) => a.seq - b.seq);
}

/** Keeps a new change at the end of the account's order. */
export async function addEntry(accountId: string, entry: NewOutboxEntry): Promise<OutboxEntry> {
  const stored = { ...entry, accountId, createdAt: new Date().toISOString(), state: 'wartet' as const };
  // The key path fills `seq`; the stored object is read back with it.
  const seq = await (await database()).add('eintraege', stored as OutboxEntry);
  return { ...stored, seq };
}

/** Replaces an entry (its state after a refusal, or its body after the seller decided a conflict). */
export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await database()).put('eintraege', entry);
}

/** Removes an entry: sent, or dropped by the seller. */
export async function removeEntry(seq: number): Promise<void> {
  await (await database()).delete('eintraege', seq);
}
