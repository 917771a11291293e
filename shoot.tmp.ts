import { chromium } from 'playwright-core';
const base = 'http://localhost:3100';
const user = process.argv[2] ?? 'anna.admin';
const width = Number(process.argv[3] ?? 1280);
const prefix = process.argv[4] ?? 'a';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await (await browser.newContext({ viewport: { width, height: 800 }, locale: 'de-AT' })).newPage();
page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
page.on('console', (m) => m.type() === 'error' && console.log('CONSOLE', m.text()));
await page.goto(`${base}/crm/dashboard`);
await page.waitForURL(`${base}/login`);
await page.screenshot({ path: `/tmp/shots/${prefix}-login.png` });
await page.getByRole('button', { name: 'Anmelden' }).click();
await page.waitForURL(/\/oidc\/interaction\//);
await page.getByRole('button', { name: new RegExp(`\\(${user.replace('.', '\\.')}\\)`) }).click();
await page.waitForURL(/\/crm\/|zugriff/);
await page.waitForTimeout(1500);
await page.screenshot({ path: `/tmp/shots/${prefix}-dashboard.png` });
for (const path of (process.argv[5] ?? '').split(',').filter(Boolean)) {
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/shots/${prefix}-${path.replace(/\//g, '_')}.png` });
}
await browser.close();
