import { getMyDayAppointments } from '../../resources/dashboard/myDay.endpoints';
import { getTodos } from '../../resources/todos/dueItems.endpoints';
import { deviceWritesEnded } from '../deviceData';
import { dayMirrorKey } from './dayMirrorKey';

// Mein Tag's two answers of the kept copy, mirrored in localStorage per account: a phone's landing draws them
// the moment its code is here. Opening IndexedDB at the start of a page load took 300–500 ms on a slowed phone,
// longer than MSAL's start; localStorage is read at once. Small (the day's Termine and todos), and removed with
// everything else per account on sign-out (deviceData.ts).

/** The API paths mirrored: Mein Tag's own lists, as the kept copy names them (no query). */
export const MIRRORED_DAY_PATHS: readonly string[] = [getMyDayAppointments.path, getTodos.path];

/** A mirrored answer: what the server answered, and when (the "Stand" shown with it). */
export interface MirroredAnswer {
  result: unknown;
  storedAt: number;
}

/** The mirrored answers of `accountId`, by path (none when nothing is mirrored or it cannot be read). */
export function mirroredDay(
  accountId: string,
  storage: Storage = window.localStorage,
): Record<string, MirroredAnswer> {
  try {
    const value = JSON.parse(storage.getItem(dayMirrorKey(accountId)) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, MirroredAnswer>) : {};
  } catch {
    return {};
  }
}

/** Mirrors `result` as the answer to `path` for `accountId` (only Mein Tag's lists are mirrored). */
export function mirrorDayAnswer(
  accountId: string,
  path: string,
  result: unknown,
  storedAt: number,
  storage: Storage = window.localStorage,
): void {
  if (!MIRRORED_DAY_PATHS.includes(path) || deviceWritesEnded()) return;
  try {
    storage.setItem(
      dayMirrorKey(accountId),
      JSON.stringify({ ...mirroredDay(accountId, storage), [path]: { result, storedAt } }),
    );
  } catch {
    // Storage full or blocked: the landing then draws from the calls, as without a mirror.
  }
}
