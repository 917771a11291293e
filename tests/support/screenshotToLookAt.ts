import type { Page } from 'playwright-core';

/**
 * Whether this run saves the screenshots the browser tests take for a person to look at (`SCREENSHOTS=1`). No
 * assertion reads them, and each costs Chromium a draw of the page and the test process a PNG (a full-page one
 * about a second of CPU on a busy machine): about a hundred of them took some tens of CPU seconds a run.
 */
export const screenshotsWanted = process.env.SCREENSHOTS === '1';

/**
 * Saves a screenshot of `page` (Playwright's options: `path`, `fullPage` …) when the run asks for them: run the
 * file with `SCREENSHOTS=1` and look at the pictures before calling a screen done.
 */
export async function screenshotToLookAt(
  page: Page,
  options: Parameters<Page['screenshot']>[0] & { path: string },
): Promise<void> {
  if (screenshotsWanted) await page.screenshot(options);
}
