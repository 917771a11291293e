import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import demoUsers from '../../server/dev/devIdp/demo-users.json' with { type: 'json' };
import { canAccessEntity } from '../../src/resources/canAccess';
import { ENTITIES, PAGES } from '../../src/resources/registry';
import { browserSession } from '../support/browserSession';
import { networkQuiet } from '../support/networkQuiet';

const { baseUrl, openPage, openSignedIn } = browserSession();

const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

/** How wide the page is: wider than the window means the user scrolls sideways. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** Whether an element lies wholly inside the window horizontally. */
async function fitsWindow(page: Page, selector: ReturnType<Page['locator']>, width: number) {
  const box = await selector.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

describe.each(VIEWPORTS)('layout at $width px', (viewport) => {
  it('sign-in page: no sideways scrolling, no white frame, the tenant colour on the button', async () => {
    const page = await openPage(viewport);
    await page.goto(`${baseUrl}/login`);
    const button = page.getByRole('button', { name: 'Anmelden' });
    await button.waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    // MUI's default primary is rgb(25, 118, 210); the tenant theme has its own colour.
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(25, 118, 210)');
    await page.context().close();
  });

  it('Kunden and a customer page fit the window, "Neuer Kunde" and the top bar stay on screen', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden', viewport);
    const customerLinks = page.locator('.RaDataTable-row, .MuiCardActionArea-root');
    await customerLinks.first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    expect(await fitsWindow(page, page.getByRole('link', { name: 'Neuer Kunde' }), viewport.width)).toBe(
      true,
    );
    expect(await fitsWindow(page, page.getByRole('button', { name: 'Profil' }), viewport.width)).toBe(true);
    // A phone names the page (the breadcrumb is hidden there).
    if (viewport.width < 600) {
      await page.getByRole('heading', { name: 'Kunden', level: 1 }).waitFor();
      // The toolbar is one row: Ansichten and "Neuer Kunde" side by side, the export behind "⋮".
      const views = await page.getByRole('button', { name: /^Gespeicherte Ansichten/ }).boundingBox();
      const create = await page.getByRole('link', { name: 'Neuer Kunde' }).boundingBox();
      expect(Math.abs(views!.y + views!.height / 2 - (create!.y + create!.height / 2))).toBeLessThan(4);
      await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
      await page.getByRole('menuitem', { name: 'Excel-Export' }).waitFor();
      await page.keyboard.press('Escape');
    }
    // The name cell (a click in the middle of the row could land on the Betreuer link).
    await (viewport.width < 600 ? customerLinks : page.locator('.RaDataTable-row td.column-displayName'))
      .first()
      .click();
    await page.waitForURL(/\/crm\/kunden\/\d+\/show$/);
    await page.getByRole('tab', { name: 'Timeline' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    // The customer's name once: on a phone the layout's title, above that the header card.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    await page.context().close();
  });

  it('an admin list fits the window and shows every admin entry', async () => {
    const page = await openSignedIn('anna.admin', '/crm/admin/labels', viewport);
    await page.getByRole('tab', { name: 'Labels', selected: true }).waitFor();
    await page.locator('.RaDataTable-row, .MuiCardActionArea-root').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
    expect(await fitsWindow(page, page.getByRole('button', { name: 'Profil' }), viewport.width)).toBe(true);
    // "Neu" says so on every screen, not a bare "+".
    expect((await page.getByRole('link', { name: 'Neu' }).innerText()).trim()).toMatch(/^Neu$/i);
    if (viewport.width < 600) {
      // A phone shows the records as cards (a table was cut at the screen's edge) and the tabs in one row.
      expect(await page.getByRole('table').count()).toBe(0);
      const nav = page.getByRole('navigation', { name: 'Admin' });
      expect(await nav.getByRole('tablist').count()).toBe(1);
      expect((await nav.boundingBox())!.height).toBeLessThan(60);
    }
    if (viewport.width >= 1280) {
      const tabs = page.getByRole('navigation', { name: 'Admin' }).getByRole('tab');
      // Every entity and page the declarations put in Admin that anna's groups open: a new one is counted too.
      const groups = demoUsers.find((user) => user.username === 'anna.admin')!.groups;
      const declared = [
        ...ENTITIES.filter((e) => e.area === 'admin' && canAccessEntity(groups, e, 'list')).map(
          (e) => e.label.many,
        ),
        ...PAGES.filter((p) => p.area === 'admin' && p.group && groups.includes(p.group)).map((p) => p.label),
      ];
      expect(declared.length).toBeGreaterThanOrEqual(15);
      expect((await tabs.allTextContents()).map((text) => text.trim()).sort()).toEqual(declared.sort());
      for (const tab of await tabs.all()) expect(await fitsWindow(page, tab, viewport.width)).toBe(true);
    }
    await page.context().close();
  });
});

/**
 * The buttons and links (and boxes, tabs, a chip's ×) shown on `page` that are smaller than a thumb's 44 × 44 px,
 * named with their size. A box or switch counts with its label, where a tap also works.
 */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const targets = document.querySelectorAll<HTMLElement | SVGElement>(
      'a[href], button, [role="button"], [role="link"], [role="tab"], input[type="checkbox"], input[type="radio"], .MuiChip-deleteIcon',
    );
    for (const element of targets) {
      const target = element.matches('input')
        ? (element.closest('label') ?? element.parentElement!)
        : element;
      const box = target.getBoundingClientRect();
      // Not shown, or off the screen until focused (the skip link).
      if (box.width === 0 || box.height === 0 || box.right <= 0 || box.left >= window.innerWidth) continue;
      if (getComputedStyle(target).visibility === 'hidden') continue;
      if (box.width < 43.5 || box.height < 43.5) {
        const name = element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
        small.push(`${name.slice(0, 40)} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  });
}

describe('on a phone (390 px, touch)', () => {
  const PHONE = { width: 390, height: 844 };

  it("every button and link of Mein Tag, Todos, Kunden, a customer, Vorgänge and a Vorgang is a thumb's target", async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard', PHONE);
    /** Another screen of the app without loading the page again (as its links do). */
    const go = (path: string) =>
      page.evaluate((to) => {
        window.history.pushState(null, '', to);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    const settled = async () => {
      await networkQuiet(page);
      await expect.poll(() => page.locator('[role="progressbar"]').count(), { timeout: 15_000 }).toBe(0);
    };
    // Mein Tag as a phone's landing draws it (before the full app).
    const allTodos = page.getByRole('link', { name: /^Alle offenen Todos/ });
    await allTodos.waitFor();
    await settled();
    expect(await smallTargets(page), 'Mein Tag').toEqual([]);
    // Offline its chip has a row of its own below the bar: the Termine scroll beneath it, nothing shows around it.
    await page.context().setOffline(true);
    const offline = page.getByRole('status').filter({ hasText: 'Offline' });
    await offline.waitFor();
    await page.evaluate(() => window.scrollTo(0, 150));
    const chip = (await offline.boundingBox())!;
    const pageAroundChip = await page.evaluate(
      (y) => [8, 382].map((x) => Boolean(document.elementFromPoint(x, y)?.closest('#main-content'))),
      chip.y + chip.height / 2,
    );
    expect(pageAroundChip).toEqual([false, false]);
    await page.context().setOffline(false);
    await offline.waitFor({ state: 'detached' });

    await allTodos.click();
    await page.getByRole('heading', { name: 'Todos', level: 1 }).waitFor();
    await settled();
    expect(await smallTargets(page), 'Todos').toEqual([]);

    await go('/crm/kunden');
    const customers = page.locator('.MuiCardActionArea-root');
    await customers.first().waitFor();
    await settled();
    expect(await smallTargets(page), 'Kunden').toEqual([]);
    await customers.first().click();
    await page.getByRole('tab', { name: 'Timeline' }).waitFor();
    await settled();
    expect(await smallTargets(page), 'Kunde').toEqual([]);

    await go('/crm/vorgang?status=rechnung');
    const vorgaenge = page.locator('.MuiCardActionArea-root');
    await page.getByRole('tab', { name: /^Rechnung/, selected: true }).waitFor();
    await vorgaenge.first().waitFor();
    await settled();
    expect(await smallTargets(page), 'Vorgänge').toEqual([]);
    await vorgaenge.first().click();
    // A Rechnung's positions: Menge, Einzelpreis and Gesamt on the screen, not beyond its right edge.
    const positions = page.getByRole('list', { name: /^Positionen / }).first();
    await positions.waitFor();
    await settled();
    expect(await smallTargets(page), 'Vorgang').toEqual([]);
    expect(await positions.innerText()).toContain('×');
    expect(
      await positions.evaluate((list) =>
        [...list.querySelectorAll('*')].every(
          (part) => part.getBoundingClientRect().right <= window.innerWidth,
        ),
      ),
    ).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // Mein Tag again, now drawn by the full app.
    await go('/crm/dashboard');
    await page.getByRole('heading', { name: 'Mein Tag' }).waitFor();
    await page.getByRole('link', { name: /^Alle offenen Todos/ }).waitFor();
    await settled();
    expect(await smallTargets(page), 'Mein Tag (ganze App)').toEqual([]);
    await page.context().close();
  });
});

describe('a page the user may not open', () => {
  /** sven.standort (no customer access) signed in on `path`, and the API calls refused to him (403) from the start. */
  async function svenOn(path: string, viewport: { width: number; height: number }) {
    const refused: string[] = [];
    const page = await openSignedIn('sven.standort', path, viewport, {
      beforeSignIn: async (p) => {
        p.on('response', (response) => {
          if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
        });
      },
    });
    return { page, refused };
  }

  it('sven.standort on /crm/kunden: no endpoint called, the page says it once, no toast', async () => {
    const { page, refused } = await svenOn('/crm/kunden', VIEWPORTS[0]);
    await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
    await networkQuiet(page);
    expect(refused).toEqual([]);
    expect(page.url()).toBe(`${baseUrl}/crm/kunden`);
    // Once in the page (the menu's own "Keine Berechtigung!" status when nothing is allowed), and no toast.
    expect(
      await page
        .locator('#main-content')
        .getByText(/keine Berechtigung/i)
        .allTextContents(),
    ).toEqual(['Keine Berechtigung']);
    expect(await page.locator('.MuiSnackbar-root').count()).toBe(0);
    await page.context().close();
  });

  it("sven.standort's landing on a phone: the page for people without customer access, nothing refused", async () => {
    const { page, refused } = await svenOn('/crm/dashboard', { width: 390, height: 844 });
    await page.getByRole('heading', { name: 'Willkommen im CRM' }).waitFor();
    await networkQuiet(page);
    expect(refused).toEqual([]);
    await page.context().close();
  });

  it('sven.standort on the Vorgänge, Todos, Fällige Labels, a Vorgang and the Kartenansicht: the route says it, nothing refused', async () => {
    const { page, refused } = await svenOn('/crm/vorgang', VIEWPORTS[0]);
    // Each address loaded cold (the first-page prefetch included) and reached again from inside the app.
    for (const address of [
      '/crm/vorgang',
      '/crm/todos',
      '/crm/vorgang/faellig',
      '/crm/vorgang/1',
      '/crm/vorgang/kartenansicht',
    ]) {
      await page.goto(`${baseUrl}${address}`);
      await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
      await networkQuiet(page);
      expect(page.url(), address).toBe(`${baseUrl}${address}`);
      expect(await page.locator('#main-content').getByRole('heading').allTextContents(), address).toEqual([
        'Keine Berechtigung',
      ]);
    }
    expect(refused).toEqual([]);
    await page.context().close();
  });
});
