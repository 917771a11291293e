import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { browserSession } from '../support/browserSession';

const { baseUrl, openPage, openSignedIn } = browserSession();

describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical violation', () => {
  it('on the login and access-denied pages', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // The login page on a phone too (every page a demo user lands on).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${baseUrl}/zugriff`);
    await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('on the dashboard and an admin list, and the shell works by keyboard', async () => {
    const page = await openSignedIn('anna.admin', '/crm/dashboard');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Keyboard: skip link, then the menu toggle, reachable and usable without a mouse.
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toBe('Zum Inhalt springen');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Menü ein- oder ausblenden');
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    const adminLink = page
      .getByRole('navigation', { name: 'Hauptmenü' })
      .getByRole('link', { name: 'Admin', exact: true });
    await adminLink.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${baseUrl}/crm/admin/labels`);
    await page.getByRole('row').nth(1).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The layout panel opens and closes by keyboard.
    await page.getByRole('button', { name: 'Layout anpassen' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: 'Dunkel' }).waitFor();
    // The button's tooltip (shown on keyboard focus) fades out as focus moves into the panel.
    await page.locator('.MuiTooltip-tooltip').waitFor({ state: 'detached' });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Dunkel' }).waitFor({ state: 'detached' });

    // Coloured chips (labels, statuses) keep their text readable, active or not.
    await page.goto(`${baseUrl}/crm/admin/custom-statuses`);
    await page
      .getByRole('region', { name: 'Spalten der Kartenansicht' })
      .locator('.MuiChip-root')
      .first()
      .waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });

  // No serious or critical fault on any page a demo user lands on, wide and on a phone.
  it.each(['anna.admin', 'lena.leitung', 'victor.verkauf', 'sven.standort', 'otto.ohne'])(
    "on %s's landing page at 1280 and 390 px",
    async (user) => {
      const page = await openSignedIn(
        user,
        '/crm/dashboard',
        { width: 1280, height: 800 },
        {
          landsOn: new RegExp(`${baseUrl}/(crm/dashboard|zugriff)$`),
        },
      );
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      for (const viewport of [
        { width: 1280, height: 800 },
        { width: 390, height: 844 },
      ]) {
        await page.setViewportSize(viewport);
        // Everything the page loads, the charts included (they load when scrolled into view).
        await page.mouse.wheel(0, 10_000);
        await page.waitForLoadState('networkidle');
        await expect.poll(() => page.locator('[role="progressbar"]').count(), { timeout: 15_000 }).toBe(0);
        await page.waitForFunction(() =>
          document
            .getAnimations()
            .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
        );
        expect(await seriousViolations(page), `${user} ${viewport.width}`).toEqual([]);
      }
      await page.context().close();
    },
  );

  it('on the hand-made admin screens (statistics, sync, settings, sales curve, target vs actual)', async () => {
    const page = await openSignedIn('anna.admin', '/crm/dashboard');
    const screens: [string, () => Promise<void>][] = [
      ['/crm/admin/mapping-statistik', () => page.getByText(/^Zuletzt aufgebaut/).waitFor()],
      ['/crm/admin/datenabgleich', () => page.getByRole('region', { name: 'Importordner' }).waitFor()],
      ['/crm/admin/einstellungen', () => page.getByRole('textbox', { name: 'IBAN' }).waitFor()],
      ['/crm/admin-verkauf/verkaufskurve', () => page.getByRole('textbox', { name: 'Anteil Dez' }).waitFor()],
      ['/crm/admin-verkauf/soll-ist', () => page.getByRole('table', { name: /^Soll\/Ist/ }).waitFor()],
      [
        '/crm/admin-verkauf/text-templates/1',
        () =>
          page
            .getByRole('region', { name: 'Vorschau' })
            .getByText(/^Mit Kunde/)
            .waitFor(),
      ],
    ];
    for (const [path, ready] of screens) {
      await page.goto(`${baseUrl}${path}`);
      await ready();
      // A button fading from disabled to enabled has mixed colours for a moment: let transitions end.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every((a) => a.effect?.getTiming().iterations === Infinity || a.playState !== 'running'),
      );
      expect(await seriousViolations(page), path).toEqual([]);
    }
    await page.context().close();
  });
});
