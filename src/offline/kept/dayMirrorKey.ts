import { deviceKey } from '../deviceData';

// Where Mein Tag's mirrored day lies in localStorage (keptDayMirror.ts), in a module without imports of weight: the
// entry (src/main.tsx) looks at it before any other code of the landing has arrived.

/** The localStorage key of the day mirrored for `accountId`. */
export const dayMirrorKey = (accountId: string) => deviceKey('meinTag', accountId);

/**
 * The API paths of Mein Tag's two lists, as the kept copy names them: the declarations' paths (a test holds them
 * equal), written out here because the declarations would bring their schemas' library into the entry.
 */
export const DAY_MIRROR_PATHS = ['dashboard/getMyDayAppointments', 'todo/getTodos'] as const;

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
      if (day && DAY_MIRROR_PATHS.every((path) => path in day)) return true;
    }
  } catch {
    // Storage blocked or an entry unreadable: the landing starts as without a kept day.
  }
  return false;
}
