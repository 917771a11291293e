import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserSession } from '../support/browserSession';

const { openSignedIn } = browserSession();

// Words of MUI's and react-admin's English defaults (pager, dialogs, inputs) that German screens must not
// show or announce. Whole words only: "Menü", "Sortierung" or "Hof" do not match.
const ENGLISH =
  /\b(go to|page|rows per|next|previous|first|last|close|open|search|clear|sort|sorted|show|hide|menu|delete|cancel|save|loading|no results|no options|of|select|remove|refresh|actions|toggle|columns|undo|more)\b/i;

/** Every visible text and every aria-label, title and placeholder on the page that reads English. */
const englishOn = (page: Page, pattern: RegExp) =>
  page.evaluate((source) => {
    const english = new RegExp(source, 'i');
    const found: string[] = [];
    for (const line of document.body.innerText.split('\n')) if (english.test(line)) found.push(line.trim());
    for (const el of Array.from(document.querySelectorAll('[aria-label], [title], [placeholder]'))) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value && english.test(value)) found.push(`${name}="${value}" (${el.tagName.toLowerCase()})`);
      }
    }
    return found;
  }, pattern.source);

/** What a screen shows while its data is on the way. */
const LOADERS = '.MuiLinearProgress-root, .MuiCircularProgress-root, .MuiSkeleton-root';

/** Opens `path` inside the running app (no reload) and waits until its data has arrived. */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname.startsWith(path.split('?')[0]!));
  // A screen still loading after 15 s fails naming its address and what still loads: seen once on CI, with the API
  // tests running beside, and not reproduced alone.
  await page
    .waitForFunction((loaders) => !document.querySelector(loaders), LOADERS, { timeout: 15_000 })
    .catch(async (error: unknown) => {
      const loading = await page
        .locator(LOADERS)
        .evaluateAll((found) =>
          found.map((el) => `${el.getAttribute('class')} in ${el.parentElement?.getAttribute('class')}`),
        );
      throw new Error(`${path} lädt nach 15 s noch: ${loading.join('; ')}`, { cause: error });
    });
  await page.waitForTimeout(150);
}

/** The hrefs of the links `selector` finds. */
const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));

describe('German only, on every screen of the menu', () => {
  it.each(['anna.admin', 'victor.verkauf'])(
    '%s: no English text, aria-label, title or placeholder in any menu area',
    async (username) => {
      const page = await openSignedIn(username, '/crm/kunden');
      await page.locator('.RaDataTable-row').first().waitFor();
      const problems: string[] = [];
      const check = async (where: string) => {
        for (const text of await englishOn(page, ENGLISH)) problems.push(`${where}: ${text}`);
      };
      await check('/crm/kunden');
      // A customer page and the customer form, with their buttons and inputs.
      await page.locator('.RaDataTable-row td.column-displayName').first().click();
      await page.getByRole('tab', { name: 'Timeline' }).waitFor();
      await check('Kundenseite');
      await page.getByRole('link', { name: 'Bearbeiten' }).click();
      await page.getByRole('button', { name: 'Speichern' }).waitFor();
      await check('Kundenformular');
      // Every menu entry, and every tab those pages offer (admin areas, Todos/Aktivitäten …).
      const queue = (await hrefs(page, 'nav[aria-label="Hauptmenü"] a[href^="/crm/"]')).filter(Boolean);
      const seen = new Set(queue);
      while (queue.length) {
        const link = queue.shift()!;
        await visit(page, link);
        await check(link);
        // An area's tabs come with its lazily loaded page.
        if (/^\/crm\/(admin|todos)/.test(link)) await page.locator('a[role="tab"]').first().waitFor();
        for (const tab of await hrefs(page, 'a[role="tab"][href^="/crm/"]')) {
          if (seen.has(tab)) continue;
          seen.add(tab);
          queue.push(tab);
        }
      }
      expect(seen.size).toBeGreaterThan(username === 'anna.admin' ? 25 : 6);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('after signing out the address is plain /login (no ?state=…)', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    await page.getByRole('button', { name: 'Profil' }).click();
    // The notification settings in the panel: a switch per kind, saved at once (kept after reopening).
    const hints = page.getByRole('switch', { name: 'Hinweise von Automatisierungen' });
    await expect.poll(() => hints.isChecked()).toBe(true);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/notification/settings') && r.ok());
    await hints.click();
    await saved;
    await page.reload();
    await page.getByRole('button', { name: 'Profil' }).click();
    await expect.poll(() => hints.isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Tägliche Zusammenfassung per E-Mail' }).waitFor();
    await page.getByRole('button', { name: /Abmelden/ }).click();
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.context().close();
  });
});
