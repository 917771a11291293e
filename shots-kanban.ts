// Screenshots of the Kartenansicht for a human look (not committed).
import { launchChromium } from './tests/support/chromium';
import { openSignedIn } from './tests/support/browserSession';
const base = process.argv[2]!;
const browser = await launchChromium();
const errors: string[] = [];
for (const viewport of [{ width: 1280, height: 850 }, { width: 390, height: 844 }]) {
  const page = await openSignedIn(browser, base, 'victor.verkauf', '/crm/vorgang/kartenansicht', viewport);
  page.on('response', (r) => { if (r.url().includes('/api/') && r.status() >= 400) errors.push(`${r.status()} ${r.url()}`); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.locator('[data-card-id]').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(800);
  const w = viewport.width;
  await page.screenshot({ path: `/tmp/w16c-shots/board-${w}.png` });
  await page.getByRole('button', { name: /^Aktionen für/ }).first().click();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `/tmp/w16c-shots/menu-${w}.png` });
  await page.keyboard.press('Escape');
  if (w > 600) {
    const card = page.locator('[data-card-id]').first();
    const box = (await card.boundingBox())!;
    const target = (await page.locator('section').nth(2).boundingBox())!;
    await page.mouse.move(box.x + 50, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 60, box.y + 60, { steps: 5 });
    await page.mouse.move(target.x + 100, target.y + 150, { steps: 15 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/w16c-shots/dragging-${w}.png` });
    await page.mouse.up();
    await page.waitForTimeout(1000);
    await page.screenshot({ path: `/tmp/w16c-shots/dropped-${w}.png` });
  }
  await page.locator('[data-card-id]').nth(1).click();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/w16c-shots/dialog-${w}.png` });
  console.log(w, page.url());
  await page.goBack();
  await page.waitForTimeout(500);
  console.log(w, 'after back', page.url(), await page.getByRole('dialog').count());
  await page.context().close();
}
await browser.close();
console.log('errors:', errors);
