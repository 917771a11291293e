import { firstScreenDrawn } from '../../pageLoad';
import { keptRecordOf } from './keptPaths.rules';
import { noteKeptAnswerShown, noteNetworkAnswer } from './keptCopyState';

// Reading through the kept copy: an answer that is kept is stored as it arrives (after it is handed on, so the
// page never waits for IndexedDB), and read from the device when the server cannot be reached. The store's code
// (with idb) loads only then, not with the first page.

const store = () => import('./keptStore');

/**
 * Runs `keep` once the page has loaded, its first screen has drawn its data and the browser is idle: on a cold load
 * the answers of the first page arrive before it is drawn, and neither the store's code nor IndexedDB may compete
 * with that.
 */
function whenIdle(keep: () => void): void {
  const idle = () =>
    void firstScreenDrawn().then(() =>
      'requestIdleCallback' in window
        ? window.requestIdleCallback(keep, { timeout: 5_000 })
        : setTimeout(keep),
    );
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Whether `error` means the server was not reached (no network), not that it answered with an error. */
export const unreachable = (error: unknown): boolean => (error as { status?: unknown })?.status === 0;

/**
 * Answers a GET of `path` + `query` by `load` (the network); keeps it for `accountId` when it is one of the kept
 * answers; without network answers the kept one (and the screen says how old it is), else the network's error.
 * Nothing is read or kept without an account, and only the account's own database is ever read.
 */
export async function throughKeptCopy<T>(
  accountId: string | null,
  path: string,
  query: URLSearchParams,
  load: () => Promise<T>,
): Promise<T> {
  const record = accountId ? keptRecordOf(path, query) : null;
  const key = query.size ? `${path}?${query}` : path;
  try {
    const result = await load();
    noteNetworkAnswer();
    // A browser without IndexedDB (some private modes) keeps nothing and reads nothing kept.
    if (accountId && record && typeof indexedDB !== 'undefined') {
      whenIdle(() => {
        store()
          .then(({ keepAnswer }) => keepAnswer(accountId, key, record, result))
          .catch((error: unknown) => {
            // The database was deleted or closed under the write (Abmelden wiped the device meanwhile): the
            // answer is meant to be gone. Anything else is worth a look.
            if ((error as { name?: unknown } | null)?.name !== 'InvalidStateError')
              console.warn('Offline-Kopie nicht gespeichert', error);
          });
      });
    }
    return result;
  } catch (error) {
    if (!accountId || !record || !unreachable(error)) throw error;
    const kept = await store()
      .then(({ keptAnswer }) => keptAnswer(accountId, key))
      .catch(() => null);
    if (!kept) throw error;
    noteKeptAnswerShown(key, kept.storedAt);
    return kept.result as T;
  }
}
