// What a person opened lately, kept per account on this device; plain (no react-admin), so that Mein Tag's
// light page can read it too.
import { deviceKey, deviceWritesEnded } from '../../offline/deviceData';

/** A customer or Vorgang the person opened, for Mein Tag's "Zuletzt geöffnet". */
export interface OpenedRecord {
  kind: 'kunde' | 'vorgang';
  id: number;
  title: string;
  /** When it was opened (ISO instant). */
  at: string;
}

/** How many are kept: what a seller opened over the last days, not a history. */
export const MOST_KEPT = 30;

const keyOf = (accountId: string) => deviceKey('zuletztGeoeffnet', accountId);

/** The records `accountId` opened lately, newest first (kept per account on this device). */
export function recentlyOpened(accountId: string, storage: Storage = window.localStorage): OpenedRecord[] {
  try {
    const kept = JSON.parse(storage.getItem(keyOf(accountId)) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as OpenedRecord[]) : [];
  } catch {
    return [];
  }
}

/** Puts `record` first in the account's list (once), keeping the newest `MOST_KEPT`. */
export function rememberOpened(
  accountId: string,
  record: OpenedRecord,
  storage: Storage = window.localStorage,
): void {
  if (deviceWritesEnded()) return;
  const others = recentlyOpened(accountId, storage).filter(
    (kept) => kept.kind !== record.kind || kept.id !== record.id,
  );
  try {
    storage.setItem(keyOf(accountId), JSON.stringify([record, ...others].slice(0, MOST_KEPT)));
  } catch {
    // A full or blocked storage only loses the "Zuletzt geöffnet" list.
  }
}
