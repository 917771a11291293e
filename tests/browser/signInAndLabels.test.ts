import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();
// react-admin remembers a list's filters; these tests want the whole list.
const ALL_LABELS = `${baseUrl}/crm/admin/labels?filter=%7B%7D&page=1`;

// This file's own labels, so no other file meets a renamed or deactivated one. None starts with "Re",
// names "VIP" or is not for Vorgänge: the filter test below expects the demo labels there exactly.
const created = `Förderung bewilligt ${uniqueSuffix()}`;
const renamed = created.replace('bewilligt', 'genehmigt');
const inUse = { name: `Nachfassen ${uniqueSuffix()}`, id: 0 };
const edited = { name: `Kundenbindung ${uniqueSuffix()}`, id: 0 };

describe('signing in and managing labels as anna.admin', () => {
  let page: Page;
  beforeAll(async () => {
    // The deep link survives the sign-in round trip; the Admin area opens its first tab.
    page = await openSignedIn('anna.admin', '/crm/admin', undefined, {
      landsOn: '/crm/admin/labels',
      fresh: true,
    });
    const api = apiOf(page, baseUrl);
    for (const label of [inUse, edited]) {
      ({ id: label.id } = await api.post<{ id: number }>('label/putLabel', { name: label.name }));
    }
    // A customer of this file carries the label, so it is in use.
    const customer = await api.post<{ id: number; version: number }>('kunde/saveNewCustomer', {
      lastName: `Labelträger ${uniqueSuffix()}`,
    });
    await api.post('kunde/updateCustomerField', {
      id: customer.id,
      version: customer.version,
      field: 'labelIds',
      value: [inUse.id],
    });
  });

  it('creates a label, finds it after a reload, and edits it', async () => {
    await page.getByRole('link', { name: 'Neu' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/labels/create`);
    await page.getByRole('textbox', { name: 'Name' }).fill(created);
    await page.getByRole('spinbutton', { name: 'Fällig nach Tagen' }).fill('21');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/labels`);
    await page.reload();
    const row = page.getByRole('row', { name: created });
    await row.waitFor();
    await row.click();
    await page.waitForURL(/\/crm\/admin\/labels\/\d+$/);
    await page.getByRole('textbox', { name: 'Name' }).fill(renamed);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/labels`);
    await page.getByRole('row', { name: renamed }).waitFor();
    expect(await page.getByRole('row', { name: created }).count()).toBe(0);
  });

  it('shows the German validation message at the field and saves nothing', async () => {
    await page.goto(`${baseUrl}/crm/admin/labels/create`);
    await page.getByRole('spinbutton', { name: 'Fällig nach Tagen' }).fill('3');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Name ist ein Pflichtfeld.').waitFor();
    expect(page.url()).toBe(`${baseUrl}/crm/admin/labels/create`);
  });

  it('searches, and filters in the column headers with match modes on the server', async () => {
    await page.goto(`${baseUrl}/crm/admin/labels`);
    await page.getByPlaceholder('Suchen').fill('förder');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length <= 2);
    const names = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(names.every((name) => /förder/i.test(name))).toBe(true);

    await page.goto(ALL_LABELS);
    await page.getByRole('button', { name: 'Name filtern' }).click();
    const filter = page.getByRole('dialog', { name: 'Name' });
    for (const button of ['Anwenden', 'Löschen', 'Abbrechen']) {
      await filter.getByRole('button', { name: button }).waitFor();
    }
    await filter.getByRole('combobox', { name: 'Vergleich' }).click();
    await page.getByRole('option', { name: 'Beginnt mit' }).click();
    await filter.getByLabel('Wert').fill('Re');
    await filter.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.locator('tbody tr td:first-child').allInnerTexts()).toEqual(['Reklamation']);
    await page.getByRole('button', { name: 'Name filtern (aktiv)' }).waitFor();

    // 'Ungleich' keeps everything except the exact name; yes/no columns choose with 'Auswählen'.
    await page.getByRole('button', { name: 'Name filtern (aktiv)' }).click();
    await filter.getByRole('combobox', { name: 'Vergleich' }).click();
    await page.getByRole('option', { name: 'Ungleich' }).click();
    await filter.getByLabel('Wert').fill('VIP');
    await filter.getByRole('button', { name: 'Anwenden' }).click();
    await page.getByRole('button', { name: 'Für Vorgänge filtern' }).click();
    const yesNo = page.getByRole('dialog', { name: 'Für Vorgänge' });
    await yesNo.getByText('Auswählen').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/column-filter.png', animations: 'disabled' });
    await yesNo.getByRole('combobox').click();
    await page.getByRole('option', { name: 'Nein' }).click();
    await yesNo.getByRole('button', { name: 'Anwenden' }).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('tbody tr td:first-child')].every((td) =>
        ['Schauraumbesuch', 'Newsletter', 'Händler'].includes(td.textContent ?? ''),
      ),
    );
    const rows = await page.locator('tbody tr td:first-child').allInnerTexts();
    expect(rows.sort()).toEqual(['Händler', 'Newsletter', 'Schauraumbesuch']);

    // 'Löschen' removes a column's filter, 'Abbrechen' leaves it as it was.
    await page.getByRole('button', { name: 'Für Vorgänge filtern (aktiv)' }).click();
    await yesNo.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('button', { name: 'Für Vorgänge filtern (aktiv)' }).click();
    await yesNo.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('button', { name: 'Name filtern (aktiv)' }).click();
    await filter.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('button', { name: 'Name filtern', exact: true }).waitFor();
    await page.getByRole('row', { name: /VIP/ }).waitFor();
  });

  it('deactivates a label that is in use instead of deleting it', async () => {
    await page.goto(ALL_LABELS);
    await page.getByRole('row', { name: inUse.name }).click();
    await page.getByRole('button', { name: 'Löschen' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Bestätigen' }).click();
    await page
      .getByText(
        new RegExp(
          `Label „${inUse.name}“ wurde deaktiviert statt gelöscht\\. Es wird noch in .* verwendet\\.`,
        ),
      )
      .waitFor();
    await screenshotToLookAt(page, { path: 'test-results/labels-deactivated.png' });
    const row = page.getByRole('row', { name: inUse.name });
    await row.waitFor();
  });

  it('refuses a stale edit with a German conflict message', async () => {
    await page.goto(ALL_LABELS);
    await page.getByRole('row', { name: edited.name }).click();
    await page.waitForURL(`${baseUrl}/crm/admin/labels/${edited.id}`);
    const editUrl = page.url();
    const colleague = await page.context().newPage();
    await colleague.goto(editUrl);
    await colleague.getByRole('textbox', { name: 'Name' }).fill(`Top-Kunde ${uniqueSuffix()}`);
    await colleague.getByRole('button', { name: 'Speichern' }).click();
    await colleague.waitForURL(`${baseUrl}/crm/admin/labels`);
    const mine = `Stammkunde ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(mine);
    await page.getByRole('button', { name: 'Speichern' }).click();
    // Names the label and who saved it meanwhile (here the same person in another window).
    await page.getByText(/^Label „Top-Kunde .+“ wurde inzwischen von Anna Admin geändert\./).waitFor();
    // The user's input is still there to copy; nothing was overwritten.
    expect(await page.getByRole('textbox', { name: 'Name' }).inputValue()).toBe(mine);
    await colleague.close();
  });
});

describe('the usage report', () => {
  it('shows anna.admin her own session in Admin → Nutzung', async () => {
    const page = await openSignedIn('anna.admin', '/crm/admin/nutzung');
    await page.getByRole('heading', { name: 'Sitzungen pro Tag' }).waitFor();
    const activeWeek = page.getByText('Aktive Personen (7 Tage)').locator('..');
    await activeWeek.getByText(/^[1-9]\d*$/).waitFor();
    await page.locator('.recharts-bar-rectangle').first().waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-nutzung.png' });

    // The German calendar: month and day names, ISO weeks headed KW.
    await page
      .getByRole('button', { name: /Datum auswählen|Datum wählen/ })
      .first()
      .click();
    const calendar = page.getByRole('dialog');
    await calendar.getByText('KW', { exact: true }).waitFor();
    await calendar
      .getByText(
        /^(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) \d{4}$/,
      )
      .waitFor();
    await calendar.getByText('Mo', { exact: true }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/german-calendar.png', animations: 'disabled' });
    await calendar.getByRole('gridcell', { name: '1', exact: true }).first().click();
    // The report follows the chosen start: the figure names the period from the 1st.
    await page.getByText(/^Sitzungen 01\.\d{2}\.\d{4} – /).waitFor();
    await page.context().close();
  });
});

describe('people without the group', () => {
  it('sends otto.ohne (no groups) to the access-denied page', async () => {
    const page = await openSignedIn('otto.ohne', '/crm/dashboard', undefined, {
      landsOn: '/zugriff',
      fresh: true,
    });
    await page.getByRole('heading', { name: 'Zugriff verweigert' }).waitFor();
    await page.getByText('Ihnen sind keine AD-Gruppen zugeordnet').waitFor();
    await page.getByRole('link', { name: 'Zurück zum Login' }).click();
    await page.waitForURL(`${baseUrl}/login`);
    // It stays on the login page (no loop back to zugriff) and offers another account.
    await page
      .getByText(/hat keinen Zugriff auf das CRM\. Melden Sie sich mit einem anderen Firmenkonto an\./)
      .waitFor();
    expect(page.url()).toBe(`${baseUrl}/login`);
    // The directory asks again (prompt=login) instead of reusing otto's session; anna gets in.
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('button', { name: /\(anna\.admin\)/ }).click();
    await page.waitForURL(`${baseUrl}/crm/dashboard`);
    await page.context().close();
  });

  it('shows victor.verkauf (APP_KUNDE) no Admin area, even by URL', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/admin');
    await page.getByRole('heading', { name: 'Keine Berechtigung' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.getByRole('link', { name: 'Kunden' }).waitFor();
    expect(await menu.getByRole('link', { name: 'Admin', exact: true }).count()).toBe(0);
    await page.context().close();
  });
});
