import { companyToday } from '../../../config/companyTime';
import { MIRRORED_DAY_PATHS, mirroredDay } from '../../../offline/kept/keptDayMirror';
import { noteKeptAnswerShown } from '../../../offline/kept/keptCopyState';

// The day this device kept for the signed-in person (Mein Tag's Termine and todos in the kept copy), read once
// at the start of a page load so that the light page draws it at once, before MSAL and the network have
// answered; the calls then replace it with fresh data.

/** One kept answer of Mein Tag, with when the server gave it. */
export interface KeptDayAnswer {
  result: { today: string };
  storedAt: number;
}

interface KeptDay {
  accountId: string;
  answers: ReadonlyMap<string, KeptDayAnswer>;
}

let read: KeptDay | null = null;

/**
 * Reads the kept day of `accountId` from the device (its mirror in localStorage, written with the kept copy):
 * the answers the light page can draw as they are. Online, only a day kept today (yesterday's Termine are not
 * today's, and the fresh ones are on their way); without network whatever is kept, marked with its age
 * ("Offline · Stand: …") as the kept copy's answers always are. Whether the whole day (Termine and todos) was found.
 */
export function readKeptDay(accountId: string, zone: string, online = navigator.onLine): boolean {
  const today = companyToday(zone);
  const answers = new Map<string, KeptDayAnswer>();
  for (const [path, kept] of Object.entries(mirroredDay(accountId))) {
    const result = kept?.result as KeptDayAnswer['result'] | undefined;
    if (!MIRRORED_DAY_PATHS.includes(path) || typeof result?.today !== 'string') continue;
    if (online && result.today !== today) continue;
    answers.set(path, { result, storedAt: kept.storedAt });
  }
  if (answers.size === 0) return false;
  read = { accountId, answers };
  if (!online) for (const [path, answer] of answers) noteKeptAnswerShown(path, answer.storedAt);
  return answers.size === MIRRORED_DAY_PATHS.length;
}

/** The kept answer to Mein Tag's `path` for `accountId`, when one was read at this page's start; never another's. */
export function keptDayAnswer(accountId: string, path: string): KeptDayAnswer | undefined {
  return read?.accountId === accountId && accountId !== '' ? read.answers.get(path) : undefined;
}

/** Forgets what was read (sign-out, tests). */
export function forgetKeptDay(): void {
  read = null;
}
