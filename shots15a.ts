// Screenshots of the Vorgänge list, desktop and phone, for a human look (not committed).
import { launchChromium } from './tests/support/chromium';
import { openSignedIn } from './tests/support/browserSession';
const base = process.argv[2]!;
const browser = await launchChromium();
for (const viewport of [{ width: 1280, height: 850 }, { width: 390, height: 844 }]) {
  const page = await openSignedIn(browser, base, 'victor.verkauf', '/crm/vorgang', viewport);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `/tmp/w15a-shots/list-${viewport.width}.png` });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  console.log(viewport.width, 'scrollWidth', width);
  await page.getByRole('button', { name: 'Weitere Filter' }).click();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/w15a-shots/filters-${viewport.width}.png` });
  await page.getByRole('button', { name: 'Neuer Vorgang' }).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/w15a-shots/new-${viewport.width}.png` });
  await page.context().close();
}
await browser.close();
