import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/platform/db/database';
import { refreshDuplicates } from '../../server/duplicates/computeDuplicates';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { productUnderTest } from '../support/productUnderTest';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

describe('Dubletten', () => {
  it('goes from the list to the merge screen to the merged customer, on the desk and on a phone', async () => {
    const viewports = [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ];
    // Each viewport merges a pair of its own: the same person typed in twice, umlaut and street spelt apart.
    const names = viewports.map(() => `Dublettner${uniqueSuffix()}`);
    const setup = await openSignedIn('lena.leitung', '/crm/dashboard');
    const api = apiOf(setup, baseUrl);
    for (const [index, lastName] of names.entries()) {
      const common = { lastName, zip: '9020', city: 'Klagenfurt', country: 'AT' };
      await api.post('kunde/saveNewCustomer', {
        ...common,
        firstName: 'Jürgen',
        street: `Hauptstraße ${5 + index}`,
        phone: `+43 463 77712${index}`,
      });
      await api.post('kunde/saveNewCustomer', {
        ...common,
        firstName: 'Juergen',
        street: `Hauptstr. ${5 + index}`,
        phone: `0463 / 777 12${index}`,
      });
    }
    await setup.context().close();
    // The background job, run now instead of waiting for its next turn.
    const db = openDatabase(productUnderTest().databaseUrl, 1);
    try {
      await refreshDuplicates(db);
    } finally {
      await db.destroy();
    }

    for (const [index, viewport] of viewports.entries()) {
      const lastName = names[index]!;
      const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/dubletten', viewport);
      await page.getByRole('heading', { name: 'Dubletten', level: 1 }).waitFor();
      const pair = page.getByTestId('duplicate-pair').filter({ hasText: lastName });
      await pair.getByText('gleiche Telefonnummer').waitFor();
      await pair.scrollIntoViewIfNeeded();
      await screenshotToLookAt(page, { path: `test-results/dubletten-liste-${viewport.width}.png` });
      await pair.getByRole('link', { name: 'Zusammenführen' }).click();

      await page.getByRole('heading', { name: 'Kunden zusammenführen' }).waitFor();
      if (viewport.width >= 1280) {
        // The desk's breadcrumb names the pair; no crumb for one id alone (it led to no page).
        const crumbs = page.getByRole('navigation', { name: 'Brotkrumen' });
        await crumbs.getByText(/und .* zusammenführen$/).waitFor();
        expect(await crumbs.getByText(/^Nr\. /).count()).toBe(0);
      }
      const firstName = page.getByRole('radiogroup', { name: 'Vorname' });
      await firstName.getByLabel('Juergen').check();
      await expect.poll(() => firstName.getByLabel('Juergen').isChecked()).toBe(true);
      // Nothing may stick out sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await screenshotToLookAt(page, {
        path: `test-results/dubletten-zusammenfuehren-${viewport.width}.png`,
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Zusammenführen', exact: true }).click();
      await page.getByRole('button', { name: 'Jetzt zusammenführen' }).click();

      await page.waitForURL(/\/crm\/kunden\/\d+\/show/);
      await page.getByText(/Zusammengeführt: .* ist jetzt Teil dieses Kunden/).waitFor();
      // The survivor's timeline tells the merge, with the chosen first name.
      const timeline = page.getByRole('list', { name: 'Timeline' });
      await timeline
        .getByText(/übernommen \(Kunde #\d+\)/)
        .first()
        .waitFor();
      await timeline.getByText('Vorname: Jürgen → Juergen').first().waitFor();
      await screenshotToLookAt(page, {
        path: `test-results/dubletten-zusammengefuehrt-${viewport.width}.png`,
      });
      await page.goto(`${baseUrl}/crm/admin-verkauf/dubletten`);
      await page.getByRole('heading', { name: 'Dubletten', level: 1 }).waitFor();
      await page.getByTestId('duplicate-pair').first().waitFor();
      expect(await page.getByTestId('duplicate-pair').filter({ hasText: lastName }).count()).toBe(0);
      await page.context().close();
    }
  });

  it('shows a pair entered now without the background job, finds it by search, links the names and takes "Kein Duplikat"', async () => {
    const lastName = `Sofortpaar${uniqueSuffix()}`;
    const setup = await openSignedIn('lena.leitung', '/crm/dashboard');
    const api = apiOf(setup, baseUrl);
    const common = { lastName, firstName: 'Gerda', zip: '9500', city: 'Villach', country: 'AT' };
    const a = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      ...common,
      phone: '+43 4242 556677',
    });
    const b = await api.post<{ id: number }>('kunde/saveNewCustomer', { ...common, phone: '04242 556677' });
    await setup.context().close();
    // The phone first; then the desk takes the pair off the list.
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/dubletten', viewport);
      await page.getByRole('heading', { name: 'Dubletten', level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Suchen' }).fill(lastName);
      await expect.poll(() => new URL(page.url()).searchParams.get('suche')).toBe(lastName);
      const pair = page.getByTestId('duplicate-pair').filter({ hasText: lastName });
      await pair.getByText('gleiche Telefonnummer').waitFor();
      await expect.poll(() => page.getByTestId('duplicate-pair').count()).toBe(1);
      // The names open the customers.
      const links = pair.getByRole('link', { name: `${lastName}, Gerda` });
      expect((await links.evaluateAll((found) => found.map((l) => l.getAttribute('href')))).sort()).toEqual(
        [`/crm/kunden/${a.id}/show`, `/crm/kunden/${b.id}/show`].sort(),
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.getByRole('progressbar', { name: 'Wird geladen' }).waitFor({ state: 'detached' });
      await screenshotToLookAt(page, { path: `test-results/dubletten-suche-${viewport.width}.png` });
      if (viewport.width < 1280) {
        await page.context().close();
        continue;
      }
      await pair.getByRole('button', { name: 'Kein Duplikat' }).click();
      await page.getByText('Keine Dubletten zu dieser Suche.').waitFor();
      await page.context().close();
    }
  });
});
