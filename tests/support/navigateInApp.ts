import type { Page } from 'playwright-core';
import { trackRequests, untilQuiet } from './networkQuiet';

/**
 * Opens `path` (a path of this origin, `?query` allowed) in the app already running in `page`, as one of its
 * links does: react-router follows the history's popstate, nothing is loaded again. A full page load of the
 * signed-in app costs Chromium about 1.7 CPU seconds, this a fraction of it; keep `page.goto` where the load
 * itself is under test (a cold start, a typed address, a reload, sign-in, offline, the service worker) or where
 * the screen must read data changed behind the app's back (a screen's first queries stay fresh for 10 s).
 * Returns once the new screen's code and data have come (no request of its own for 500 ms): until then
 * react-router may keep the previous screen in view, whose text a test must not take for the new one's. Only
 * requests made after the navigation count: one the previous screen still waits for (a chart's, under load)
 * is none of the new screen's business.
 */
export async function navigateInApp(page: Page, path: string, timeoutMs = 30_000): Promise<void> {
  const { pending, stop } = trackRequests(page);
  try {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await untilQuiet(pending, `navigateInApp ${path}`, 500, timeoutMs);
  } finally {
    stop();
  }
}
