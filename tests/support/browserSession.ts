import type { Browser, Page } from 'playwright-core';
import { signIn } from './signIn';

/** A fresh browser context (desktop, German) signed in as `username`, on `path` once the sign-in returns. */
export async function openSignedIn(
  browser: Browser,
  baseUrl: string,
  username: string,
  path: string,
  viewport = { width: 1280, height: 850 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'de-AT' });
  const page = await context.newPage();
  await signIn(page, baseUrl, username, path);
  await page.waitForURL(`${baseUrl}${path}`);
  return page;
}
