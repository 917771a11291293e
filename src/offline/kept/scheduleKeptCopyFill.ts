import type { ApiClient } from '../../dataProvider/httpClient';
import { firstScreenDrawn } from '../../pageLoad';
import { deviceKey, deviceWritesEnded } from '../deviceData';

// When the kept copy is filled: only on a device that goes on the road (a touch screen, or the app installed), never
// before the first screen has drawn its data and the browser is idle (so that no list or figure waits for it), then
// every half hour while the app is open and online, and when the network comes back. The filling code (and
// IndexedDB's) loads only then. A desk browser fills nothing ahead: it keeps what its pages open, as every browser.

/** A fill at most this often per account and device; the pages keep what they open in between anyway. */
export const REFILL_AFTER_MS = 30 * 60 * 1000;
/** How long after the page's load the first fill waits: the person's first clicks come first. */
const FIRST_FILL_AFTER_MS = 5_000;

const lastFillKey = (accountId: string) => deviceKey('offlineKopieGefuellt', accountId);

/** Notes that the copy of `accountId` was just filled. */
export const noteFilled = (accountId: string, now = Date.now()) => {
  if (!deviceWritesEnded()) localStorage.setItem(lastFillKey(accountId), String(now));
};

const filledLately = (accountId: string, now = Date.now()) =>
  now - Number(localStorage.getItem(lastFillKey(accountId)) ?? 0) < REFILL_AFTER_MS;

let scheduled: string | null = null;
let running = false;

/** Whether this device goes on the road: a phone or tablet (coarse pointer), or the app installed from the browser. */
export const goesOnTheRoad = (): boolean =>
  typeof window.matchMedia === 'function' &&
  (window.matchMedia('(pointer: coarse)').matches || window.matchMedia('(display-mode: standalone)').matches);

function afterFirstPage(run: () => void): void {
  const idle = () =>
    void firstScreenDrawn().then(() =>
      setTimeout(
        () =>
          'requestIdleCallback' in window ? window.requestIdleCallback(run, { timeout: 10_000 }) : run(),
        FIRST_FILL_AFTER_MS,
      ),
    );
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** Fills the kept copy of the signed-in `accountId` in the background, once per page load and then on. */
export function scheduleKeptCopyFill(api: ApiClient, accountId: string): void {
  if (scheduled === accountId || !goesOnTheRoad()) return;
  scheduled = accountId;
  const fill = () => {
    if (
      running ||
      !navigator.onLine ||
      deviceWritesEnded() ||
      filledLately(accountId) ||
      scheduled !== accountId
    )
      return;
    running = true;
    import('./fillKeptCopy')
      .then(({ fillKeptCopy }) => fillKeptCopy(api, accountId, deviceWritesEnded))
      .then(() => noteFilled(accountId))
      .catch((error: unknown) => console.warn('Offline-Kopie nicht aufgefüllt', error))
      .finally(() => (running = false));
  };
  afterFirstPage(() => {
    fill();
    setInterval(fill, REFILL_AFTER_MS);
    window.addEventListener('online', fill);
  });
}
