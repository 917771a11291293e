import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openSignedIn } from '../support/browserSession';
import { launchChromium } from '../support/chromium';

const baseUrl = inject('baseUrl');
let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('Kunden as victor.verkauf', () => {
  it('lists, searches and creates customers, with German messages at the fields', async () => {
    const page = await openSignedIn(browser, baseUrl, 'victor.verkauf', '/crm/kunden');
    const rows = page.getByRole('row');
    await rows.nth(1).waitFor();
    // Dates as dd.MM.yyyy in the last-activity column.
    await page
      .getByRole('cell', { name: /^\d{2}\.\d{2}\.\d{4}$/ })
      .first()
      .waitFor();
    await page.getByRole('textbox', { name: 'Suchen' }).fill('K100010');
    await expect.poll(() => rows.count()).toBe(2);
    await page.screenshot({ path: 'test-results/kunden-list.png', fullPage: true });

    await page.goto(`${baseUrl}/crm/kunden/create`);
    await page.getByRole('textbox', { name: 'Vorname' }).fill('Maria');
    await page.getByRole('textbox', { name: 'PLZ' }).fill('123');
    await page.getByRole('textbox', { name: 'Telefon' }).fill('0463 / 12 34-56');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Bitte geben Sie einen Nachnamen oder eine Firma ein.').waitFor();
    await page.getByText('Eine österreichische PLZ hat 4 Ziffern.').waitFor();
    await page.getByRole('textbox', { name: 'Nachname' }).fill('Testkundin');
    await page.getByRole('textbox', { name: 'PLZ' }).fill('9020');
    await page.getByRole('button', { name: 'Speichern' }).click();
    // Back to the list, which keeps its last search.
    await page.waitForURL(/\/crm\/kunden(\?|$)/);
    await page.getByRole('textbox', { name: 'Suchen' }).fill('testkundin');
    await page.getByRole('row', { name: /Testkundin, Maria 9020 .*\+43 463 123456/ }).waitFor();
    await page.context().close();
  });
});
