import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';

const { baseUrl, openSignedIn } = browserSession();
let page: Page;

beforeAll(async () => {
  page = await openSignedIn('anna.admin', '/crm/admin-benutzer', undefined, {
    landsOn: '/crm/admin-benutzer/users',
  });
});

describe('Admin-Benutzer as anna.admin', () => {
  it('adds a directory person who is not described yet, with the branch of their location', async () => {
    await page.getByRole('row', { name: /Victor Verkauf/ }).waitFor();
    await page.getByRole('link', { name: 'Aus dem Verzeichnis hinzufügen' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-benutzer/users/create`);
    await page.getByRole('combobox', { name: 'Person aus dem Verzeichnis' }).fill('Nora');
    await page.getByRole('option', { name: /Nora Neumann/ }).click();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Name', exact: true }).inputValue())
      .toBe('Nora Neumann');
    await page.getByText('Standorte laut Verzeichnis:').waitFor();
    await page.getByText('Klagenfurt', { exact: true }).first().waitFor();
    // The Filiale of her location group is suggested.
    await expect.poll(() => page.getByRole('combobox', { name: 'Filiale' }).inputValue()).toBe('Klagenfurt');
    expect(await page.getByRole('textbox', { name: 'Kürzel' }).inputValue()).toBe('NN');
    // The Filialen in their order (by name); one outside her directory sites is warned about before saving.
    const outside = page.getByRole('status').filter({ hasText: 'gehört nicht zu den Standorten' });
    expect(await outside.count()).toBe(0);
    await page.getByRole('combobox', { name: 'Filiale' }).click();
    const branches = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(branches).toEqual([...branches].sort((a, b) => a.localeCompare(b, 'de')));
    expect(branches).toEqual(expect.arrayContaining(['Graz', 'Villach', 'Wien']));
    await page.getByRole('option', { name: 'Villach', exact: true }).click();
    await outside
      .filter({
        hasText: 'Die Filiale Villach gehört nicht zu den Standorten laut Verzeichnis (Klagenfurt).',
      })
      .waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-benutzer-filiale-warnung.png' });
    await page.getByRole('combobox', { name: 'Filiale' }).click();
    await page.getByRole('option', { name: 'Klagenfurt', exact: true }).click();
    await expect.poll(() => outside.count()).toBe(0);
    await screenshotToLookAt(page, { path: 'test-results/admin-benutzer-create.png' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-benutzer/users`);
    await page.getByText('Benutzer „Nora Neumann“ angelegt.').waitFor();
    await page.getByRole('row', { name: /Nora Neumann/ }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-benutzer-list.png' });

    // Once described, she is no longer offered.
    await page.goto(`${baseUrl}/crm/admin-benutzer/users/create`);
    await page.getByRole('combobox', { name: 'Person aus dem Verzeichnis' }).fill('Nora');
    await page.getByText('Niemand im Verzeichnis, der noch nicht angelegt ist.').waitFor();
  });

  it('shows the colleagues of my locations', async () => {
    await navigateInApp(page, '/crm/admin-benutzer/mein-standort');
    await page.locator('#main-content').getByText('Anna Admin').waitFor();
    await page.locator('#main-content').getByText('Nora Neumann').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-benutzer-mein-standort.png' });
  });
});
