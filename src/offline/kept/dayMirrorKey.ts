import { deviceKey } from '../deviceData';

// Where Mein Tag's mirrored day lies in localStorage (keptDayMirror.ts), in a module without imports of weight: the
// entry (src/main.tsx) looks at it before any other code of the landing has arrived.

/** The localStorage key of the day mirrored for `accountId`. */
export const dayMirrorKey = (accountId: string) => deviceKey('meinTag', accountId);

/**
 * How many lists make Mein Tag's day: its Termine and its todos, the only answers keptDayMirror.ts mirrors (a test
 * holds the number equal to its list). Counted, not named: the declarations' paths would bring their schemas'
 * library into the entry.
 */
export const DAY_MIRROR_LISTS = 2;

/**
 * Whether this browser holds a whole mirrored day (both lists) for anybody. None on a first visit, a new phone,
 * after Abmelden, or when only the desk's todos were kept: then the landing's Termine wait for the calls.
 */
export function anyDayMirrored(storage: Storage = window.localStorage): boolean {
  const prefix = dayMirrorKey('');
  try {
    for (let index = 0; index < storage.length; index++) {
      const key = storage.key(index);
      if (!key?.startsWith(prefix)) continue;
      const day = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, unknown> | null;
      if (day && Object.keys(day).length >= DAY_MIRROR_LISTS) return true;
    }
  } catch {
    // Storage blocked or an entry unreadable: the landing starts as without a kept day.
  }
  return false;
}
