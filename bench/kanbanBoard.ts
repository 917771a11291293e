// The Kartenansicht in Chromium against a running server: time to the first card on a cold load, and the
// time to scroll one column through all its cards (pages loaded as it scrolls; the DOM holds only those
// in view). Usage: npx tsx bench/kanbanBoard.ts http://localhost:<port>  (a server seeded as large as wanted).
import { launchChromium } from '../tests/support/chromium';
import { openSignedIn } from '../tests/support/browserSession';

const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await launchChromium();
const page = await openSignedIn(browser, base, 'victor.verkauf', '/crm/dashboard');
await page.waitForLoadState('networkidle');

// Cold load of the board's chunk and data (the sign-in is not counted).
const started = Date.now();
await page.goto(`${base}/crm/vorgang/kartenansicht`);
await page.locator('[data-card-id]').first().waitFor();
const firstCard = Date.now() - started;

// The longest column, scrolled to its end until every card was loaded.
const columns = page.locator('section[aria-label^="Spalte "]');
let longest = 0;
let longestTotal = 0;
for (let i = 0; i < (await columns.count()); i++) {
  const text = (await columns.nth(i).locator('h2 + div span').first().textContent()) ?? '0';
  const total = Number(text.replace(/\D/g, ''));
  if (total > longestTotal) [longest, longestTotal] = [i, total];
}
const list = columns.nth(longest).locator('[role="group"]');
const scrollStart = Date.now();
let maxInDom = 0;
for (;;) {
  const state = await list.evaluate((element) => {
    element.scrollTop = element.scrollHeight;
    return {
      inDom: element.querySelectorAll('[data-card-id]').length,
      loading: Boolean(element.querySelector('[aria-label="Weitere Karten werden geladen"]')),
    };
  });
  maxInDom = Math.max(maxInDom, state.inDom);
  if (!state.loading) break;
  await page.waitForTimeout(50);
}
const scrollAll = Date.now() - scrollStart;
console.log(`Erste Karte sichtbar (kalt): ${firstCard} ms`);
console.log(
  `Spalte mit ${longestTotal} Karten bis zum Ende gescrollt (alle Seiten geladen): ${scrollAll} ms; höchstens ${maxInDom} Karten im DOM`,
);
await browser.close();
