import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { deviceWritesEnded } from '../deviceData';
import { mirrorDayAnswer } from './keptDayMirror';
import { DAY_RECORD, NAMES_RECORD, type KeptRecord } from './keptPaths.rules';
import customerEntity from '../../resources/customers/customer.entity';
import { getMyDayAppointments } from '../../resources/dashboard/myDay.endpoints';
import { getTodos } from '../../resources/todos/dueItems.endpoints';

// The kept copy: API answers a seller needs on the road, kept on this device in IndexedDB so that Mein Tag, a
// customer and a Vorgang open without network. One database per account (MSAL's home account id in its name):
// a second person on the same browser opens a database of their own and never reads the first person's.

/** The start of every kept copy's database name; the rest is the account id. */
export const KEPT_DATABASE_PREFIX = 'fenster-crm-unterwegs.';

/**
 * At most this much (the answers' JSON, in UTF-16 code units as the browser holds strings) is kept per account:
 * below the 20 MB a phone should give the app, with room for IndexedDB's own overhead.
 */
export const KEPT_BYTES_BOUND = 12 * 1024 * 1024;

/** Records never evicted for the bound: without them Mein Tag cannot start, nor a kept page read right. */
const PINNED = new Set([DAY_RECORD, NAMES_RECORD]);

export interface KeptAnswer {
  /** The request: path and query, as the API client sends it. */
  key: string;
  record: KeptRecord;
  result: unknown;
  /** When the server gave this answer (ms since epoch): the "Stand" shown with it. */
  storedAt: number;
  bytes: number;
}

interface KeptRecordEntry {
  record: KeptRecord;
  /** When the record was last opened or refreshed: eviction removes the least recent first. */
  usedAt: number;
  bytes: number;
}

interface KeptSchema extends DBSchema {
  answers: { key: string; value: KeptAnswer; indexes: { record: string } };
  records: { key: string; value: KeptRecordEntry };
}

export const keptDatabaseName = (accountId: string) => `${KEPT_DATABASE_PREFIX}${accountId}`;

const opened = new Map<string, Promise<IDBPDatabase<KeptSchema>>>();

/** After sign-out no copy is opened again: opening would create an empty database named with the account. */
const signedOut = () => Promise.reject(new DOMException('Abgemeldet', 'InvalidStateError'));

function database(accountId: string): Promise<IDBPDatabase<KeptSchema>> {
  if (deviceWritesEnded()) return signedOut();
  const name = keptDatabaseName(accountId);
  let db = opened.get(name);
  if (!db) {
    db = openDB<KeptSchema>(name, 1, {
      upgrade(upgrade) {
        upgrade.createObjectStore('answers', { keyPath: 'key' }).createIndex('record', 'record');
        upgrade.createObjectStore('records', { keyPath: 'record' });
      },
      // Another tab deletes the database (sign-out there): this one lets go, the next call opens afresh.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        opened.delete(name);
      },
    });
    db.catch(() => opened.delete(name));
    opened.set(name, db);
  }
  return db;
}

/** Keeps `result` as the answer to `key` for `accountId`, then trims the copy to its bound. */
export async function keepAnswer(
  accountId: string,
  key: string,
  record: KeptRecord,
  result: unknown,
  now = Date.now(),
  bound = KEPT_BYTES_BOUND,
): Promise<void> {
  if (deviceWritesEnded()) return;
  if (typeof localStorage !== 'undefined') mirrorDayAnswer(accountId, key, result, now);
  const bytes = 2 * JSON.stringify(result).length;
  const db = await database(accountId);
  const tx = db.transaction(['answers', 'records'], 'readwrite');
  const answers = tx.objectStore('answers');
  const records = tx.objectStore('records');
  const previous = await answers.get(key);
  const entry = (await records.get(record)) ?? { record, usedAt: now, bytes: 0 };
  await answers.put({ key, record, result, storedAt: now, bytes });
  await records.put({ record, usedAt: now, bytes: entry.bytes - (previous?.bytes ?? 0) + bytes });
  if (previous && previous.record !== record) {
    const other = await records.get(previous.record);
    if (other) await records.put({ ...other, bytes: other.bytes - previous.bytes });
  }
  await tx.done;
  await trimTo(db, bound);
}

/** The kept answer to `key` for `accountId`, or null. */
export async function keptAnswer(accountId: string, key: string): Promise<KeptAnswer | null> {
  return (await (await database(accountId)).get('answers', key)) ?? null;
}

/** A customer whose page (or whose Termin or todo of Mein Tag) is kept on the device. */
export interface KeptCustomer {
  id: number;
  displayName: string | null;
  city: string | null;
}

const CUSTOMER_PAGE = `${customerEntity.endpoints.one}/`;

/**
 * Every customer the copy of `accountId` holds: the kept customer pages, and the customers of Mein Tag's kept
 * Termine and todos (what "Besuch erfassen" can be captured for without network).
 */
export async function keptCustomers(accountId: string): Promise<KeptCustomer[]> {
  const db = await database(accountId);
  const found = new Map<number, KeptCustomer>();
  const pages = await db.getAll('answers', IDBKeyRange.bound(CUSTOMER_PAGE, `${CUSTOMER_PAGE}\uffff`));
  for (const { result } of pages) {
    const customer = result as Partial<KeptCustomer> | null;
    if (typeof customer?.id === 'number')
      found.set(customer.id, {
        id: customer.id,
        displayName: customer.displayName ?? null,
        city: customer.city ?? null,
      });
  }
  for (const path of [getMyDayAppointments.path, getTodos.path]) {
    const day = (await db.get('answers', path))?.result as
      { items?: { customerId: number; customerName: string | null; city?: string | null }[] } | undefined;
    for (const item of day?.items ?? []) {
      if (!found.has(item.customerId))
        found.set(item.customerId, {
          id: item.customerId,
          displayName: item.customerName,
          city: item.city ?? null,
        });
    }
  }
  return [...found.values()];
}

/** The records kept for `accountId` with their size, least recently used first. */
export async function keptRecords(accountId: string): Promise<KeptRecordEntry[]> {
  const records = await (await database(accountId)).getAll('records');
  return records.sort((a, b) => a.usedAt - b.usedAt);
}

/** What the copy of `accountId` holds, in bytes (the bound's measure). */
export async function keptBytes(accountId: string): Promise<number> {
  return (await keptRecords(accountId)).reduce((sum, entry) => sum + entry.bytes, 0);
}

/** Removes one record with all its answers. */
async function removeRecord(db: IDBPDatabase<KeptSchema>, record: KeptRecord): Promise<void> {
  const tx = db.transaction(['answers', 'records'], 'readwrite');
  for (const key of await tx.objectStore('answers').index('record').getAllKeys(record)) {
    await tx.objectStore('answers').delete(key);
  }
  await tx.objectStore('records').delete(record);
  await tx.done;
}

/** Removes the least recently used records (never the pinned ones) until the copy fits `bound`. */
async function trimTo(db: IDBPDatabase<KeptSchema>, bound: number): Promise<void> {
  const records = (await db.getAll('records')).sort((a, b) => a.usedAt - b.usedAt);
  let total = records.reduce((sum, entry) => sum + entry.bytes, 0);
  for (const entry of records) {
    if (total <= bound) return;
    if (PINNED.has(entry.record)) continue;
    await removeRecord(db, entry.record);
    total -= entry.bytes;
  }
}

/** Removes the records of `accountId` last used before `instant` (ms): what is kept stays only so long. */
export async function forgetRecordsUsedBefore(accountId: string, instant: number): Promise<void> {
  const db = await database(accountId);
  for (const entry of await db.getAll('records')) {
    if (entry.usedAt < instant && !PINNED.has(entry.record)) await removeRecord(db, entry.record);
  }
}

/**
 * Deletes every kept copy on this device, of any account (sign-out). Databases are found by name, so a copy of
 * an account that signed in earlier goes too. After a sign-out (deviceData.ts) an answer still on its way is
 * dropped for the rest of this page's life, so that nothing is written again after the wipe.
 */
export async function forgetKeptCopies(): Promise<void> {
  for (const [name, db] of opened) {
    opened.delete(name);
    (await db.catch(() => null))?.close();
  }
  const names = (await indexedDB.databases()).map((info) => info.name ?? '');
  await Promise.all(
    names.filter((name) => name.startsWith(KEPT_DATABASE_PREFIX)).map((name) => deleteDB(name)),
  );
}
