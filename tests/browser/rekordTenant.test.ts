import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession, DESKTOP } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { startRekordProduct } from '../support/rekordProduct';
import { uniqueSuffix } from '../support/uniqueName';

const { openSignedInOn, openPage } = browserSession();
const PHONE = { width: 390, height: 844 };
// Rekord's component theme (blue, #1565c0), not Strussnig's orange (#ad4800).
const REKORD_BLUE = 'rgb(21, 101, 192)';

let rekord: Awaited<ReturnType<typeof startRekordProduct>>;
beforeAll(async () => {
  rekord = await startRekordProduct();
}, 180_000);
afterAll(() => rekord?.stop());

const headOf = async (page: Page, path: string) => (await page.request.get(`${rekord.url}${path}`)).text();

describe('Rekord (TENANT=rekord): German sites, German numbers, its own colour and name', () => {
  it('names Rekord in every page before its script runs: title, favicon, theme colour, home-screen icon', async () => {
    const page = await openPage(DESKTOP);
    for (const path of ['/login', '/crm/kunden', '/crm/dashboard']) {
      const html = await headOf(page, path);
      expect(html, path).toContain('<title>Rekord Vertriebs-CRM</title>');
      expect(html).toContain('<link rel="icon" href="/tenants/rekord/favicon.svg" type="image/svg+xml" />');
      expect(html).toContain('<meta name="theme-color" content="#1565c0" />');
      expect(html).toContain('<link rel="apple-touch-icon" href="/tenants/rekord/apple-touch-icon.png" />');
    }
    const icon = await page.request.get(`${rekord.url}/tenants/rekord/apple-touch-icon.png`);
    expect(icon.headers()['content-type']).toBe('image/png');
    const png = await icon.body();
    // A PNG's width and height (IHDR): iOS's 180 px.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([180, 180]);
    const manifest = (await (await page.request.get(`${rekord.url}/manifest.webmanifest`)).json()) as {
      theme_color: string;
    };
    expect(manifest.theme_color).toBe('#1565c0');

    // The development sign-in lists Rekord's sites, not Strussnig's.
    await page.goto(`${rekord.url}/login`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    const signIn = (await page.locator('body').textContent()) ?? '';
    expect(signIn).toContain('Standort Nürnberg');
    expect(signIn.match(/Klagenfurt|Villach|Wien|Graz/g)).toBeNull();
    await page.context().close();
  });

  it("lena: Rekord's blue, her Verkäufer switch, a new customer in Deutschland with +49", async () => {
    const page = await openSignedInOn(rekord.url, 'lena.leitung', '/crm/dashboard', DESKTOP);
    await page.getByRole('heading', { name: /Guten Tag, Lena Leitung/ }).waitFor();
    // Her colleagues are those of her Rekord site: the switch is enabled, as on Strussnig.
    const seller = page.getByRole('button', { name: 'Verkäufer', exact: true });
    await expect.poll(() => seller.isEnabled()).toBe(true);
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe('#1565c0');
    await screenshotToLookAt(page, { path: 'test-results/rekord-dashboard.png' });

    await page.goto(`${rekord.url}/crm/kunden/create`);
    const land = page.getByRole('combobox', { name: 'Land' });
    await expect.poll(() => land.textContent()).toBe('Deutschland');
    // The theme's colour on the main button (Strussnig's orange before).
    const save = page.getByRole('button', { name: 'Speichern' });
    expect(await save.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(REKORD_BLUE);
    const name = `Huber ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Nachname' }).fill(name);
    await page.getByRole('textbox', { name: 'PLZ' }).fill('9500');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('089 1234567');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Eine deutsche PLZ hat 5 Ziffern.').waitFor();
    await page.getByRole('textbox', { name: 'PLZ' }).fill('80331');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(/\/crm\/kunden\/\d+\/show$/);
    await page.getByRole('link', { name: '+49 89 1234567' }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/rekord-kunde.png' });
    await page.context().close();
  });

  it('on the phone, offline: a number is read in the customer’s Land, and refused there at the field', async () => {
    const desk = await openSignedInOn(rekord.url, 'victor.verkauf', '/crm/dashboard', DESKTOP);
    const customer = await apiOf(desk, rekord.url).post<{ id: number }>('kunde/saveNewCustomer', {
      lastName: `Offline ${uniqueSuffix()}`,
      zip: '90461',
    });
    await desk.context().close();
    const page = await openSignedInOn(rekord.url, 'victor.verkauf', `/crm/kunden/${customer.id}/show`, PHONE);
    await page.getByRole('button', { name: 'Telefon ändern' }).waitFor();
    // The rules' code comes while online (this page has no service worker to keep it).
    await page.waitForResponse(/checkCustomerField-/).catch(() => undefined);
    await page.context().setOffline(true);
    await page.getByRole('button', { name: 'Telefon ändern' }).click();
    await page.getByRole('textbox', { name: 'Telefon' }).fill('0911 123456');
    await page.getByRole('textbox', { name: 'Telefon' }).press('Enter');
    await page.getByText('Offline gespeichert', { exact: false }).waitFor();
    await page.getByRole('link', { name: '+49 911 123456' }).waitFor();
    await page.getByRole('button', { name: 'Mobil ändern' }).click();
    await page.getByRole('textbox', { name: 'Mobil' }).fill('01 5861234');
    await page.getByRole('textbox', { name: 'Mobil' }).press('Enter');
    await page.getByText(/Keine gültige Telefonnummer in Deutschland/).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/rekord-kunde-offline-390.png' });
    await page.getByRole('textbox', { name: 'Mobil' }).press('Escape');
    await page.context().setOffline(false);
    await expect
      .poll(
        async () =>
          (await apiOf(page, rekord.url).get<{ phone: string }>(`kunde/getSingleCustomer/${customer.id}`))
            .phone,
        {
          timeout: 20_000,
        },
      )
      .toBe('+49 911 123456');
    await page.context().close();
  });
});
