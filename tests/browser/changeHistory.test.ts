import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { getChanges } from '../../src/resources/changeHistory/changeHistory.endpoints';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

// This file's own customer, whose phone number victor.verkauf changes.
const suffix = uniqueSuffix();
const lastName = `Verlaufmann${suffix}`;
const phone = { before: '+43 463 12345', after: '+43 664 1234567' };

describe('Änderungsverlauf', () => {
  let customerId = 0;

  it('shows a change on the customer’s timeline with old → new, and hides it with the switch', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    const api = apiOf(page, baseUrl);
    const created = await api.post<{ id: number; version: number }>('kunde/saveNewCustomer', {
      lastName,
      firstName: 'Lena',
      zip: '9020',
      city: 'Klagenfurt',
      country: 'AT',
      phone: phone.before,
    });
    customerId = created.id;
    await api.post('kunde/updateCustomerField', {
      id: created.id,
      version: created.version,
      field: 'phone',
      value: '0664 1234567',
    });
    await navigateInApp(page, `/crm/kunden/${created.id}/show`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    const line = timeline.getByText(`Telefon: ${phone.before} → ${phone.after}`);
    await line.waitFor();
    await timeline
      .getByText(/Victor Verkauf · Kunde .* geändert/)
      .first()
      .waitFor();
    await screenshotToLookAt(page, { path: 'test-results/aenderungsverlauf-kunde-1280.png', fullPage: true });
    await page.getByLabel('Änderungen anzeigen').uncheck();
    await line.waitFor({ state: 'detached' });
    await page.getByLabel('Änderungen anzeigen').check();
    await line.waitFor();
    await page.context().close();
    // On a phone the change reads the same, wrapped.
    const phonePage = await openSignedIn('victor.verkauf', `/crm/kunden/${created.id}/show`, {
      width: 390,
      height: 844,
    });
    await phonePage.getByText(`Telefon: ${phone.before} → ${phone.after}`).waitFor();
    await screenshotToLookAt(phonePage, {
      path: 'test-results/aenderungsverlauf-kunde-390.png',
      fullPage: true,
    });
    await phonePage.context().close();
  });

  it('lets the admin filter all changes by person and area and export exactly those, which the Datenschutz-Protokoll lists', async () => {
    let exported = -1;
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const page = await openSignedIn('anna.admin', '/crm/admin/aenderungsverlauf', viewport);
      await page.getByRole('heading', { name: /Änderungsverlauf/ }).waitFor();
      await page.getByRole('combobox', { name: 'Person' }).click();
      await page.getByRole('option', { name: 'Victor Verkauf' }).click();
      await page.getByRole('combobox', { name: 'Bereich' }).click();
      // The answer to both filters, and its count drawn: the address changes before the page draws it, so the
      // person's count alone was read twice (26 against the export's 18, 47 against 26).
      const answered = page.waitForResponse((response) => {
        const url = new URL(response.url());
        return (
          url.pathname.endsWith(getChanges.path) &&
          ['actor', 'area'].every((key) => url.searchParams.has(key))
        );
      });
      await page.getByRole('option', { name: 'Kunde', exact: true }).click();
      const { result } = (await (await answered).json()) as { result: { total: number } };
      const total = result.total;
      const list = page.getByRole('list', { name: 'Änderungen' });
      await list.getByText(`Telefon: ${phone.before} → ${phone.after}`).first().waitFor();
      const counted = page.getByRole('heading', { name: /Änderungsverlauf.*[\d.]+ Änderungen/ });
      await expect
        .poll(async () =>
          Number(/([\d.]+) Änderungen/.exec(await counted.innerText())![1]!.replace(/\./g, '')),
        )
        .toBe(total);
      expect(total).toBeGreaterThanOrEqual(2);
      await screenshotToLookAt(page, {
        path: `test-results/aenderungsverlauf-admin-${viewport.width}.png`,
        fullPage: true,
      });
      if (viewport.width === 1280) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: 'Excel-Export' }).click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/^Aenderungsverlauf_\d{4}-\d{2}-\d{2}\.xlsx$/);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile((await download.path())!);
        const sheet = workbook.getWorksheet('Änderungsverlauf')!;
        expect(sheet.rowCount - 1).toBe(total);
        const cells = Array.from({ length: total }, (_, i) => String(sheet.getRow(i + 2).getCell(6).value));
        expect(cells).toContain(`Telefon: ${phone.before} → ${phone.after}`);
        exported = total;
      } else {
        // The export is in the Datenschutz-Protokoll: who, what, how many rows (on the phone, after the desk's).
        await page.getByRole('tab', { name: 'Datenschutz' }).click();
        const log = page.getByRole('list', { name: 'Einträge des Datenschutz-Protokolls' });
        const entry = log.getByRole('listitem').filter({ hasText: 'Anna Admin · Änderungsverlauf' }).first();
        await entry.getByText(`${exported.toLocaleString('de-DE')} Zeilen`).waitFor();
        await entry.getByText('Excel-Export').waitFor();
        await screenshotToLookAt(page, {
          path: 'test-results/datenschutz-protokoll-390.png',
          fullPage: true,
        });
      }
      await page.context().close();
    }
    expect(customerId).toBeGreaterThan(0);
  });
});
