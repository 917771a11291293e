import type { Page } from 'playwright-core';
import { networkQuiet } from './networkQuiet';

/**
 * Opens `path` (a path of this origin, `?query` allowed) in the app already running in `page`, as one of its
 * links does: react-router follows the history's popstate, nothing is loaded again. A full page load of the
 * signed-in app costs Chromium about 1.7 CPU seconds, this a fraction of it; keep `page.goto` where the load
 * itself is under test (a cold start, a typed address, a reload, sign-in, offline, the service worker) or where
 * the screen must read data changed behind the app's back (a screen's first queries stay fresh for 10 s).
 * Returns once the new screen's code and data have come (no request for 500 ms): until then react-router may
 * keep the previous screen in view, whose text a test must not take for the new one's.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await networkQuiet(page);
}
