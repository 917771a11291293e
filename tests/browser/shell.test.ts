import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config/env';
import { DESKTOP, browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';

const { baseUrl, openSignedIn } = browserSession();

const MOBILE = { width: 390, height: 844 };

async function signedIn(user: string, viewport = DESKTOP, path = '/crm/dashboard') {
  const page = await openSignedIn(user, path, viewport, {
    landsOn: new RegExp(`${baseUrl}/(crm|zugriff)`),
  });
  return { context: page.context(), page };
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Hauptmenü' });
const menuLabels = async (page: Page) => {
  await menu(page).getByRole('link').first().waitFor();
  // The Todos entry carries the number of overdue + today's todos as a badge before its label.
  return (await menu(page).getByRole('link').allInnerTexts()).map((text) =>
    text.replace(/^\s*\d+\+?\s*/, ''),
  );
};

describe('the menu per demo user: the entries their groups open', () => {
  it.each([
    [
      'anna.admin',
      [
        'Dashboard',
        'Todos',
        'NPS',
        'Kunden',
        'Vorgangsübersicht',
        'Vorgänge',
        'Fällige Labels',
        'Kartenansicht',
        'Dateien',
        'Admin',
        'Admin-Verkauf',
        'Admin-Benutzer',
      ],
    ],
    [
      'lena.leitung',
      [
        'Dashboard',
        'Todos',
        'NPS',
        'Kunden',
        'Vorgangsübersicht',
        'Vorgänge',
        'Fällige Labels',
        'Kartenansicht',
        'Dateien',
        'Admin-Verkauf',
      ],
    ],
    [
      'victor.verkauf',
      [
        'Dashboard',
        'Todos',
        'NPS',
        'Kunden',
        'Vorgangsübersicht',
        'Vorgänge',
        'Fällige Labels',
        'Kartenansicht',
      ],
    ],
  ])('shows %s exactly the entries of their groups', async (user, expected) => {
    const { context, page } = await signedIn(user);
    expect((await menuLabels(page)).map((label) => label.trim())).toEqual(expected);
    await context.close();
  });

  it("says 'Keine Berechtigung!' to sven.standort, who only has a location group", async () => {
    const { context, page } = await signedIn('sven.standort');
    await page.getByRole('status').filter({ hasText: 'Keine Berechtigung!' }).waitFor();
    await context.close();
  });

  it('opens Vorgangsübersicht at /crm/vorgang, lands unknown paths on the dashboard and refuses areas by URL', async () => {
    const { context, page } = await signedIn('victor.verkauf');
    await menu(page).getByRole('link', { name: 'Vorgangsübersicht' }).click();
    await page.waitForURL(`${baseUrl}/crm/vorgang`);
    await page.getByRole('heading', { name: 'Vorgänge' }).waitFor();
    await page.goto(`${baseUrl}/crm/gibt-es-nicht`);
    await page.waitForURL(`${baseUrl}/crm/dashboard`);
    await page.goto(`${baseUrl}/irgendwo/anders`);
    await page.waitForURL(`${baseUrl}/crm/dashboard`);
    await page.goto(`${baseUrl}/crm/admin-benutzer`);
    await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
    await page.goto(`${baseUrl}/crm/download`);
    await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
    await context.close();
  });
});

describe('top bar and panels', () => {
  let context: BrowserContext;
  let page: Page;
  beforeAll(async () => {
    ({ context, page } = await signedIn('anna.admin', DESKTOP, '/crm/admin-benutzer/users'));
  });
  afterAll(() => context.close());

  it('shows the breadcrumb with the record name, the demo chip, the manual and the profile panel', async () => {
    await page.getByRole('row', { name: /Victor Verkauf/ }).click();
    const crumbs = page.getByRole('navigation', { name: 'Brotkrumen' });
    await crumbs.getByText('Victor Verkauf').waitFor();
    expect(await crumbs.getByRole('link').allInnerTexts()).toEqual(['', 'Admin-Benutzer', 'Benutzer']);
    await crumbs.getByRole('link', { name: 'Benutzer', exact: true }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-benutzer/users`);
    await page.getByText('DEMOUMGEBUNG').waitFor();

    const manual = page.getByRole('link', { name: 'Benutzerhandbuch öffnen' });
    const href = await manual.getAttribute('href');
    expect(href).toBe('/tenants/strussnig/handbuch.pdf');
    const pdf = await page.request.get(`${baseUrl}${href}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    await page.getByRole('button', { name: 'Profil' }).click();
    const panel = page.getByRole('dialog');
    await panel.getByText('Anna Admin').waitFor();
    await panel.getByText('Release: 27.05.2025 15:05').waitFor();
    await panel.getByText('Du wirst vom CRM-System abgemeldet').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/shell-profile.png' });
    await page.keyboard.press('Escape');
  });

  it('keeps every layout choice per person across a reload', async () => {
    await navigateInApp(page, '/crm/dashboard');
    await page.getByRole('button', { name: 'Layout anpassen' }).click();
    await page.getByRole('radio', { name: 'Dunkel' }).check();
    await page.getByRole('radio', { name: 'Gefüllt' }).check();
    await page.getByRole('button', { name: 'Schriftgröße 16' }).click();
    await page.getByRole('radio', { name: 'Petrol' }).click();
    await page.getByRole('radio', { name: 'Schmal' }).check();
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    const body = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(body).toBe('rgb(18, 20, 23)');
    const heading = await page
      .getByRole('heading', { level: 1 })
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    // h5 is 1.5rem at 14 → 24 px; at font scale 16 it grows with it.
    expect(heading).toBeGreaterThan(26);
    // Slim: icons with tooltips, the sub-items in a flyout.
    await menu(page).getByRole('button', { name: 'Vorgangsübersicht' }).click();
    await page.getByRole('menuitem', { name: 'Kartenansicht' }).click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/kartenansicht`);
    // The flyout closes on navigation (after its 400 ms exit animation).
    await page
      .getByRole('menuitem', { name: 'Kartenansicht' })
      .waitFor({ state: 'detached', timeout: 10_000 });
    await screenshotToLookAt(page, { path: 'test-results/shell-dark-slim.png' });

    await page.getByRole('button', { name: 'Layout anpassen' }).click();
    await page.getByRole('radio', { name: 'Horizontal' }).check();
    await page.getByRole('radio', { name: 'Hell' }).check();
    await page.keyboard.press('Escape');
    await menu(page).getByRole('button', { name: 'Untermenü Vorgangsübersicht' }).click();
    await page.getByRole('menuitem', { name: 'Fällige Labels' }).click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/faellig`);
    await screenshotToLookAt(page, { path: 'test-results/shell-horizontal.png' });

    // Another person on the same browser keeps the defaults.
    const stored = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => key.startsWith('fenster-crm.layout.')),
    );
    expect(stored).toHaveLength(1);
  });

  it('toggles the menu on a desktop in static and overlay mode', async () => {
    await page.getByRole('button', { name: 'Layout anpassen' }).click();
    await page.getByRole('radio', { name: 'Statisch' }).check();
    await page.keyboard.press('Escape');
    const toggle = page.getByRole('button', { name: 'Menü ein- oder ausblenden' });
    await menu(page).waitFor();
    await toggle.click();
    await menu(page).waitFor({ state: 'detached' });
    await toggle.click();
    await menu(page).waitFor();

    await page.getByRole('button', { name: 'Layout anpassen' }).click();
    await page.getByRole('radio', { name: 'Überlagernd' }).check();
    await page.keyboard.press('Escape');
    await menu(page).waitFor({ state: 'detached' });
    await toggle.click();
    await menu(page).getByRole('link', { name: 'Kunden' }).click();
    // The overlay closes on navigation.
    await page.waitForURL(`${baseUrl}/crm/kunden`);
    await menu(page).waitFor({ state: 'detached' });
  });
});

describe('on a phone', () => {
  it('opens the mobile menu with the toggle and closes it on navigation', async () => {
    const { context, page } = await signedIn('victor.verkauf', MOBILE);
    const toggle = page.getByRole('button', { name: 'Menü ein- oder ausblenden' });
    await toggle.waitFor();
    expect(await menu(page).count()).toBe(0);
    await toggle.click();
    // Whoever asked their device for less motion (as every test's browser does) gets the menu at once; others
    // see it slide in.
    const menuPaper = page.locator('.MuiDrawer-paper');
    await menuPaper.waitFor();
    const menuMotionMs = async () =>
      1000 * parseFloat(await menuPaper.evaluate((paper) => getComputedStyle(paper).transitionDuration));
    expect(await menuMotionMs()).toBeLessThan(1);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await menuMotionMs()).toBeGreaterThan(100);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await menu(page).getByRole('link', { name: 'Fällige Labels' }).click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/faellig`);
    await menu(page).waitFor({ state: 'detached' });
    await screenshotToLookAt(page, { path: 'test-results/shell-mobile.png' });
    await context.close();
  });
});

describe('tenants', () => {
  it.each(['strussnig', 'rekord'] as const)('shows the %s logo, favicon and title', async (tenant) => {
    // The server's own reading of TENANT, sent to the browser as /api/config would send it.
    const ui = readConfig({ TENANT: tenant, PUBLIC_URL: baseUrl }).ui;
    const page = await openSignedIn('anna.admin', '/crm/dashboard', DESKTOP, {
      beforeSignIn: async (fresh) => {
        await fresh.route('**/api/config', async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as { result: Record<string, unknown> };
          await route.fulfill({ response, json: { ...body, result: { ...body.result, tenant, ui } } });
        });
      },
    });
    const context = page.context();
    // The app names the tab once the tenant's configuration has been read.
    await expect.poll(() => page.title()).toBe(ui.loginTitle);
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe(
      `/tenants/${tenant}/favicon.svg`,
    );
    const logo = page.getByRole('link', { name: `${ui.loginTitle}: zum Dashboard` }).locator('img');
    expect(await logo.getAttribute('src')).toBe(`/tenants/${tenant}/logo.svg`);
    expect(
      await logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    await screenshotToLookAt(page, { path: `test-results/shell-${tenant}.png` });
    // The screenshots a designer looks at: light and dark, desktop and phone.
    const scheme = async (name: 'Hell' | 'Dunkel') => {
      await page.getByRole('button', { name: 'Layout anpassen' }).click();
      await page.getByRole('radio', { name }).check();
      await page.keyboard.press('Escape');
      await page.getByRole('radio', { name }).waitFor({ state: 'detached' });
    };
    await scheme('Dunkel');
    await screenshotToLookAt(page, { path: `test-results/shell-${tenant}-dark.png` });
    await page.setViewportSize(MOBILE);
    // The content slides to the left edge as the docked menu leaves (400 ms).
    await page.waitForFunction(() => getComputedStyle(document.querySelector('main')!).marginLeft === '0px');
    await screenshotToLookAt(page, { path: `test-results/shell-${tenant}-dark-mobile.png` });
    await scheme('Hell');
    await screenshotToLookAt(page, { path: `test-results/shell-${tenant}-mobile.png` });
    await context.close();
  });
});

describe('unsaved input', () => {
  it('asks before a menu click or a reload leaves a half-filled form, and before Escape closes Neuer Vorgang', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden/create');
    const asked: { type: string; message: string }[] = [];
    let answer: 'accept' | 'dismiss' = 'dismiss';
    page.on('dialog', (dialog) => {
      asked.push({ type: dialog.type(), message: dialog.message() });
      void (answer === 'accept' ? dialog.accept() : dialog.dismiss());
    });
    const unsaved = 'Einige Änderungen wurden nicht gespeichert. Möchten Sie sie wirklich verwerfen?';

    // The generated create form: a menu click asks, "Abbrechen" stays with the input.
    const lastName = page.getByRole('textbox', { name: 'Nachname' });
    await lastName.fill('Ungespeichert');
    await menu(page).getByRole('link', { name: /Todos/ }).click();
    await expect.poll(() => asked).toEqual([{ type: 'confirm', message: unsaved }]);
    expect(page.url()).toBe(`${baseUrl}/crm/kunden/create`);
    expect(await lastName.inputValue()).toBe('Ungespeichert');

    // A reload: the browser's own prompt (beforeunload); accepted, the page loads again.
    answer = 'accept';
    await page.reload();
    expect(asked.at(-1)?.type).toBe('beforeunload');

    // A hand-made dialog (useUnsavedChangesGuard): Escape asks; dismissed, the dialog and its input stay.
    answer = 'dismiss';
    await navigateInApp(page, '/crm/vorgang');
    await page.getByRole('button', { name: 'Neuer Vorgang' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Vorgang (Anfrage)' });
    const title = dialog.getByRole('textbox', { name: 'Bezeichnung' });
    await title.fill('Halb erfasst');
    const before = asked.length;
    await page.keyboard.press('Escape');
    await expect.poll(() => asked.length).toBe(before + 1);
    expect(asked.at(-1)).toEqual({ type: 'confirm', message: unsaved });
    expect(await title.inputValue()).toBe('Halb erfasst');
    // Accepted, it closes.
    answer = 'accept';
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
