import type { Page, Request } from 'playwright-core';

// How long no new script may be asked for before a page counts as loaded. Not "networkidle": the Kanban keeps
// its event stream open, so the network of that page is never idle.
const QUIET_MS = 1500;

/** Resolves once the page has asked for no new script for 1.5 s. */
export async function scriptsSettled(page: Page) {
  let last = Date.now();
  const onRequest = (request: Request) => {
    // A module preload is not always of type "script": its address tells.
    if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url())) last = Date.now();
  };
  page.on('request', onRequest);
  try {
    while (Date.now() - last < QUIET_MS) await page.waitForTimeout(100);
  } finally {
    page.off('request', onRequest);
  }
}
