import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { networkQuiet } from '../support/networkQuiet';
import { uniqueSuffix } from '../support/uniqueName';
import { productUnderTest } from '../support/productUnderTest';
import { openDatabase } from '../../server/platform/db/database';
import { sql } from 'kysely';

const { baseUrl, openSignedIn, openPage } = browserSession();
const PHONE = { width: 390, height: 844 };

/** Fills the new-customer form (not saved). */
async function fillCustomer(page: Page, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
}

// This file's own customer: a name and an e-mail address no other record has.
const suffix = uniqueSuffix();
const lastName = `Größinger${suffix}`;
const displayName = `${lastName}, Jürgen`;
const email = `j.groessinger.${suffix}@example.at`;

/** Types into the list's search once its first page is there, so the search does not race the first load. */
async function searchWhenLoaded(page: Page, text: string) {
  await page.getByRole('row').nth(1).waitFor();
  await page.getByRole('textbox', { name: 'Suchen' }).fill(text);
}

describe('Kunden as victor.verkauf', () => {
  let customerUrl = '';

  it('creates a customer with German messages at the fields and is warned about a duplicate', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden/create');
    // A phone offers the dial pad for the numbers and the keyboard with @ for the address.
    for (const name of ['Telefon', 'Mobil']) {
      const input = page.getByRole('textbox', { name, exact: true });
      expect([await input.getAttribute('type'), await input.getAttribute('inputmode')], name).toEqual([
        'tel',
        'tel',
      ]);
    }
    expect(await page.getByRole('textbox', { name: 'E-Mail', exact: true }).getAttribute('inputmode')).toBe(
      'email',
    );
    // Strussnig's customers start in Österreich (Rekord's in Deutschland: rekordTenant.test.ts); a Munich number
    // typed without +49 is no Austrian number and is refused at its field, not saved as "+43 891 234567".
    await expect.poll(() => page.getByRole('combobox', { name: 'Land' }).textContent()).toBe('Österreich');
    await fillCustomer(page, { Vorname: 'Jürgen', PLZ: '123', Telefon: '089 1234567' });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Bitte geben Sie einen Nachnamen oder eine Firma ein.').waitFor();
    await page.getByText('Eine österreichische PLZ hat 4 Ziffern.').waitFor();
    await page.getByText(/^Keine gültige Telefonnummer in Österreich/).waitFor();
    await fillCustomer(page, {
      Nachname: lastName,
      PLZ: '9020',
      'E-Mail': email,
      Telefon: '0463 / 55 12-34',
    });
    await page.getByRole('button', { name: 'Speichern' }).click();
    // Saving opens the new customer's page, named in the breadcrumb.
    await page.waitForURL(/\/crm\/kunden\/\d+\/show/);
    // Says which customer was saved, as the declaration names one.
    await page.getByText(`Kunde „${displayName}“ angelegt.`).waitFor();
    customerUrl = page.url().replace(baseUrl, '');
    await page.getByRole('navigation', { name: 'Brotkrumen' }).getByText(displayName).waitFor();
    await page.getByText('+43 463 551234').waitFor();

    await navigateInApp(page, '/crm/kunden/create');
    await fillCustomer(page, { Nachname: 'Gross', 'E-Mail': email.replace('j.g', 'J.G') });
    const warning = page.getByRole('status').filter({ hasText: 'Diesen Kunden gibt es vielleicht schon' });
    await warning.getByRole('link', { name: displayName }).waitFor();
    await warning.getByText('gleiche E-Mail-Adresse').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/kunden-duplicate.png', fullPage: true });
    await page.context().close();
  });

  it('finds the customer by a fragment with an umlaut and works on the customer page', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    await searchWhenLoaded(page, `rößinger${suffix}`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    await page.getByRole('row', { name: displayName }).click();
    await page.waitForURL(`${baseUrl}${customerUrl}`);
    // At the desk too the e-mail address is whole on one line and in the theme's colour (it broke mid-address, in
    // the browser's own blue).
    const mailLink = page.getByRole('link', { name: email });
    const primary = await page
      .getByRole('button', { name: 'Notiz', exact: true })
      .evaluate((button) => getComputedStyle(button).color);
    expect(await mailLink.evaluate((link) => getComputedStyle(link).color)).toBe(primary);
    const mailPartTops = await mailLink.evaluate(
      (link) => new Set([...link.children].map((part) => Math.round(part.getBoundingClientRect().top))).size,
    );
    expect(mailPartTops).toBe(1);

    // A note on the timeline.
    await page.getByRole('button', { name: 'Notiz', exact: true }).click();
    await page
      .getByRole('textbox', { name: 'Neue Notiz' })
      .fill('Will Holz-Alu-Fenster, Rückruf nach 17 Uhr.');
    await page.getByRole('button', { name: 'Notiz speichern' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Will Holz-Alu-Fenster, Rückruf nach 17 Uhr.').waitFor();

    // An activity whose reason gives the customer a label.
    await page.getByRole('button', { name: 'Aktivität', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Neue Aktivität' });
    await dialog.getByRole('combobox', { name: 'Grund' }).fill('Reklam');
    await page.getByRole('option', { name: 'Reklamation gemeldet' }).click();
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Grund' }).inputValue())
      .toBe('Reklamation gemeldet');
    await dialog.getByRole('textbox', { name: 'Notiz' }).fill('Erstgespräch am Telefon');
    // "Fällig am" starts at the Standard-Fälligkeit, in sight; emptied, the activity is saved without one.
    const due = dialog.getByRole('group', { name: 'Fällig am' });
    expect(await due.textContent()).toMatch(/\d{2}\.\d{2}\.\d{4}/);
    await due.getByRole('spinbutton').first().click();
    await dialog.getByRole('button', { name: 'Wert leeren' }).click();
    expect(await due.textContent()).not.toMatch(/\d{2}\.\d{2}\.\d{4}/);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Aktivität gespeichert. Neues Label: „Reklamation“.').waitFor();
    // The saved activity takes its files at once (a sketch of the damage), shown on its timeline entry.
    const filesStep = page.getByRole('dialog');
    await filesStep.getByLabel('Dateien auswählen', { exact: true }).setInputFiles({
      name: 'Skizze Schaden.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 Skizze'),
    });
    await filesStep.getByRole('button', { name: 'Skizze Schaden.pdf herunterladen' }).waitFor();
    await filesStep.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('button', { name: 'Label Reklamation' }).waitFor();
    await timeline.getByText('Anruf – Reklamation gemeldet').waitFor();
    const sketch = timeline.getByRole('button', { name: 'Skizze Schaden.pdf herunterladen' });
    const [sketchDownload] = await Promise.all([page.waitForEvent('download'), sketch.click()]);
    expect(sketchDownload.suggestedFilename()).toBe('Skizze Schaden.pdf');
    // The Aktivitäten table shows the activity with its file, and no due day: it is no todo.
    await page.getByRole('tab', { name: 'Aktivitäten' }).click();
    const row = page
      .getByRole('table', { name: 'Aktivitäten' })
      .getByRole('row')
      .filter({ hasText: 'Erstgespräch' });
    await row.getByRole('button', { name: 'Skizze Schaden.pdf herunterladen' }).waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('');

    // A file: uploaded, listed, downloaded with its name; a forbidden one refused in German.
    await page.getByRole('tab', { name: 'Dateien' }).click();
    const picker = page.getByLabel('Dateien auswählen', { exact: true });
    await picker.setInputFiles({
      name: 'Aufmaß Küche.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 Aufmaß'),
    });
    const files = page.getByRole('list', { name: 'Dateien' });
    await files.getByText('Aufmaß Küche.pdf').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Aufmaß Küche.pdf herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Aufmaß Küche.pdf');
    expect((await readFile((await download.path())!)).toString()).toBe('%PDF-1.4 Aufmaß');
    await picker.setInputFiles({
      name: 'tool.exe',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from('MZ'),
    });
    await page.getByText(/tool\.exe: Dateien vom Typ „exe“ sind nicht erlaubt/).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/kunde-dateien.png', fullPage: true });

    // A personal note, saved as typed.
    await page.getByRole('tab', { name: 'Persönliche Notizen' }).click();
    await page
      .getByRole('textbox', { name: 'Persönliche Notizen' })
      .fill('Hund im Garten, läuten statt klopfen.');
    await page.getByText('Gespeichert.', { exact: true }).waitFor();
    await page.reload();
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Persönliche Notizen' }).inputValue())
      .toBe('Hund im Garten, läuten statt klopfen.');

    // "Einladung Schauraum" is Werbung: not offered before the customer's consent is on record.
    await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
    const mail = page.getByRole('dialog', { name: /E-Mail an Größinger/ });
    await mail.getByRole('combobox', { name: 'Vorlage' }).click();
    const invitation = page.getByRole('option', { name: /^Einladung Schauraum/ });
    await expect
      .poll(() => invitation.textContent())
      .toBe('Einladung Schauraum · Werbung (keine Einwilligung des Kunden)');
    expect(await invitation.getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await mail.getByRole('button', { name: 'Abbrechen' }).click();
    // The consent is recorded on the customer page (how, on which day, a note) and shown there with its history.
    const consent = page.getByText('Werbung per E-Mail', { exact: true }).locator('..');
    await consent.getByText('Keine Einwilligung').waitFor();
    await page.getByRole('button', { name: 'Einwilligung und Verlauf' }).click();
    const consentDialog = page.getByRole('dialog', { name: /^Werbung per E-Mail: Größinger/ });
    await consentDialog.getByText('Noch keine Einwilligung erfasst.').waitFor();
    await consentDialog.getByRole('button', { name: 'Einwilligung erfassen' }).click();
    await consentDialog.getByRole('combobox', { name: /Wie hat der Kunde eingewilligt/ }).click();
    await page.getByRole('option', { name: 'Schriftlich (Formular, Brief)' }).click();
    await consentDialog.getByRole('textbox', { name: 'Notiz' }).fill('Formular im Schauraum unterschrieben');
    await consentDialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Einwilligung erfasst.').waitFor();
    const history = consentDialog.getByRole('list', { name: 'Verlauf' });
    await history.getByText('Formular im Schauraum unterschrieben').waitFor();
    await history.getByText(/^Erfasst von Victor Verkauf am \d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/kunde-einwilligung.png' });
    await consentDialog.getByRole('button', { name: 'Schließen' }).click();
    await consent.getByText('Einwilligung erteilt').waitFor();
    await consent.getByText(/^am \d{2}\.\d{2}\.\d{4}, schriftlich$/).waitFor();

    // Now the invitation goes, with the unsubscribe line; it shows on the timeline.
    await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
    await mail.getByRole('combobox', { name: 'Vorlage' }).click();
    await page.getByRole('option', { name: 'Einladung Schauraum · Werbung' }).click();
    await expect
      .poll(() => mail.getByRole('textbox', { name: 'Text' }).inputValue())
      .toMatch(/Mit einem Klick abmelden:\n\[persönlicher Abmeldelink\]$/);
    await expect
      .poll(() => mail.getByRole('textbox', { name: 'Text' }).inputValue())
      .toMatch(/^Sehr geehrte Damen und Herren,|^Sehr geehrter Herr/);
    await screenshotToLookAt(page, { path: 'test-results/kunde-email.png', fullPage: true });
    await mail.getByRole('button', { name: 'Senden' }).click();
    await page.getByText(`E-Mail an ${email} wird gesendet (Postausgang).`).waitFor();
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await timeline.getByText(`E-Mail an ${email}: Einladung in unseren Schauraum`).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/kunde-timeline.png', fullPage: true });
    await page.context().close();
  });

  it('gives the second of two browsers editing the customer the conflict message', async () => {
    const first = await openSignedIn('victor.verkauf', customerUrl);
    const second = await openSignedIn('lena.leitung', customerUrl);
    for (const page of [first, second]) await page.getByRole('button', { name: 'Ort ändern' }).waitFor();
    const editCity = async (page: Page, city: string) => {
      await page.getByRole('button', { name: 'Ort ändern' }).click();
      await page.getByRole('textbox', { name: 'Ort' }).fill(city);
      await page.getByRole('textbox', { name: 'Ort' }).press('Enter');
    };
    // A value the server refuses: its German message at the field, and the cursor stays there for the fix.
    await first.getByRole('button', { name: 'Telefon ändern' }).click();
    const phone = first.getByRole('textbox', { name: 'Telefon' });
    await phone.fill('abc');
    await phone.press('Enter');
    await first.getByText('Bitte geben Sie nur Ziffern, Leerzeichen und + / ( ) - ein.').waitFor();
    await first.keyboard.type('1');
    expect(await phone.inputValue()).toBe('abc1');
    await phone.press('Escape');
    await editCity(first, 'Klagenfurt am Wörthersee');
    await first.getByText('Klagenfurt am Wörthersee', { exact: true }).waitFor();
    await editCity(second, 'Villach');
    const alert = second.getByRole('alert').filter({ hasText: 'inzwischen von Victor Verkauf geändert' });
    await alert.waitFor();
    await alert.getByRole('button', { name: 'Neu laden' }).click();
    await second.getByText('Klagenfurt am Wörthersee', { exact: true }).waitFor();
    await first.context().close();
    await second.context().close();
  });

  it('opens the list cold with its rows, Betreuer and labels from one request', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    // The dashboard's own calls are over before the list's page load is watched.
    await networkQuiet(page);
    const calls: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => {
      requested.push(request.url());
      if (request.url().includes('/api/')) calls.push(decodeURIComponent(request.url()));
    });
    // A new page load of the list's address, as from a bookmark: the app starts afresh.
    await page.goto(`${baseUrl}/crm/kunden`);
    const ownerCell = page.locator('tbody tr.RaDataTable-row td.column-ownerUserId').first();
    await expect.poll(() => ownerCell.textContent()).toMatch(/\w/);
    await page.locator('tbody .crm-chip').first().waitFor();
    const lists = calls.filter((url) => url.includes('/api/kunde/allCustomers'));
    expect(lists).toHaveLength(1);
    // No look-up of the names once the rows are drawn: the page brought them.
    const lookUps = calls.filter(
      (url) => /allDescribedUsers|getLabels|getAllBranches/.test(url) && /"id"/.test(url),
    );
    expect(lookUps).toEqual([]);
    // The list's call goes out before the list's screen and the app's code are asked for: behind their files it
    // waited for a connection (tests/browser/firstScreens.test.ts keeps this order for every first screen).
    const load = requested.findIndex((url) => url === `${baseUrl}/crm/kunden`);
    const at = (pattern: RegExp) => requested.findIndex((url, i) => i > load && pattern.test(url));
    const listCall = at(/\/api\/kunde\/allCustomers/);
    expect(listCall).toBeGreaterThan(0);
    for (const file of [/\/assets\/CustomerList-[\w-]+\.js$/, /\/assets\/app-[\w-]+\.js$/]) {
      expect(at(file), String(file)).toBeGreaterThan(listCall);
    }
    await page.context().close();
  });

  it('exports the filtered list as an Excel file that opens', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    await searchWhenLoaded(page, `größinger${suffix}`);
    await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Excel-Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Kunden_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path())!);
    const sheet = workbook.getWorksheet('Kunden')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe(displayName);
    expect(sheet.getRow(2).getCell(16).value).toBeInstanceOf(Date);
    await page.context().close();
  });

  it('works on a 390 px phone: the list as cards, the customer page with its actions', async () => {
    const labelLookUps: string[] = [];
    const page = await openSignedIn(
      'victor.verkauf',
      '/crm/kunden',
      { width: 390, height: 844 },
      {
        beforeSignIn: async (fresh) => {
          fresh.on('request', (request) => {
            const url = decodeURIComponent(request.url());
            if (/getLabels/.test(url) && /"id"/.test(url)) labelLookUps.push(url);
          });
        },
      },
    );
    // The cards' labels come with the page, as the desk's table has them: no look-up per card.
    await page.locator('.MuiCard-root .MuiChip-root').first().waitFor();
    expect(labelLookUps).toEqual([]);
    // The filters wait behind one "Filter" button, its count says how many are set; the cards start high up.
    expect(await page.getByRole('combobox', { name: 'Label' }).count()).toBe(0);
    expect((await page.locator('.MuiCard-root').first().boundingBox())!.y).toBeLessThan(340);
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const filterSheet = page.getByRole('dialog', { name: 'Filter' });
    // "Nur meine" lines up with the fields below it, not cut at the sheet's left edge (measured once the sheet
    // stands: on a busy machine it is still being drawn right after the tap).
    await filterSheet.getByLabel('Nur meine').waitFor();
    await filterSheet.locator('.MuiOutlinedInput-notchedOutline').first().waitFor();
    const track = (await filterSheet.locator('.MuiSwitch-track').boundingBox())!;
    const field = (await filterSheet.locator('.MuiOutlinedInput-notchedOutline').first().boundingBox())!;
    expect(track.x).toBeGreaterThanOrEqual(field.x);
    await filterSheet.getByLabel('Nur meine').check();
    await page.waitForURL(/mine/);
    await filterSheet.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('button', { name: 'Filter (1 aktiv)' }).click();
    await filterSheet.getByLabel('Nur meine').uncheck();
    await filterSheet.getByRole('button', { name: 'Fertig' }).click();
    await page.getByRole('button', { name: 'Filter', exact: true }).waitFor();
    await page.getByRole('textbox', { name: 'Suchen' }).fill(`größinger${suffix}`);
    const card = page.getByRole('link', { name: new RegExp(`^${displayName}(?! anrufen)`) });
    await card.waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshotToLookAt(page, { path: 'test-results/kunden-mobile.png', fullPage: true });
    // A ticked card brings the sheet of actions; scrolled to the end, the cards and the pager lie above it.
    await page.getByRole('checkbox', { name: `${displayName} auswählen` }).check();
    const sheet = page.getByRole('region', { name: 'Auswahl bearbeiten' });
    await sheet.getByRole('button', { name: 'Mail senden' }).waitFor();
    // The actions two a row: the sheet leaves most of the screen to the cards.
    expect((await sheet.boundingBox())!.height).toBeLessThan(260);
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const pager = await page.locator('.MuiTablePagination-root').boundingBox();
        const top = (await sheet.boundingBox())!.y;
        return pager!.y + pager!.height <= top;
      })
      .toBe(true);
    // The page's box ticks every card at one tap (here the one found) and unticks them again.
    const wholePage = page.getByRole('checkbox', { name: 'Alle Kunden dieser Seite auswählen' });
    expect(await wholePage.isChecked()).toBe(true);
    await wholePage.uncheck();
    await sheet.waitFor({ state: 'detached' });
    await card.click();
    await page.waitForURL(`${baseUrl}${customerUrl}`);
    for (const action of ['Anrufen', 'E-Mail', 'Aktivität', 'Notiz']) {
      await expect
        .poll(() =>
          page
            .getByRole('link', { name: action, exact: true })
            .or(page.getByRole('button', { name: action, exact: true }))
            .filter({ visible: true })
            .isVisible(),
        )
        .toBe(true);
    }
    // Nothing wider than the phone: the page does not scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // What a seller does at the house stays under the thumb at the screen's bottom, also with the timeline
    // scrolled: Besuch erfassen opens for this customer.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const capture = page
      .getByRole('navigation', { name: 'Aktionen beim Kunden' })
      .getByRole('button', { name: 'Besuch erfassen' });
    const reach = (await capture.boundingBox())!;
    expect(reach.y + reach.height).toBeGreaterThan(844 - 80);
    // Its words on one line (beside two full buttons "Besuch erfassen" wrapped onto two).
    const lines = await capture.evaluate((button) => {
      const words = [...button.childNodes].find((node) => node.nodeType === Node.TEXT_NODE)!;
      const range = document.createRange();
      range.selectNodeContents(words);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(lines).toBe(1);
    await capture.click();
    const besuch = page.getByRole('dialog', { name: 'Besuch erfassen' });
    await besuch.getByText(displayName).waitFor();
    // A note over the limit is marked at the field with its count and limit; it cannot be saved.
    const besuchNote = besuch.getByRole('textbox', { name: 'Notiz' });
    await besuch.getByText('0 / 5.000 Zeichen').waitFor();
    await besuchNote.fill('x'.repeat(12_000));
    await besuch.getByText('12.000 / 5.000 Zeichen – bitte kürzen Sie die Notiz.').waitFor();
    expect(await besuchNote.getAttribute('aria-invalid')).toBe('true');
    expect(await besuch.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);
    await besuch.getByRole('button', { name: 'Abbrechen' }).click();
    // The e-mail address breaks only before its "@" (never inside a word), in the theme's colour as the phone
    // numbers: the browser's own blue was the only blue on the page.
    const mailLink = page.getByRole('link', { name: email });
    expect(await mailLink.getAttribute('href')).toBe(`mailto:${email}`);
    const mailLines = await mailLink.evaluate((link) =>
      [...link.children].map((part) => {
        const range = document.createRange();
        range.selectNodeContents(part);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      }),
    );
    expect(mailLines).toEqual([1, 1]);
    const primary = await capture.evaluate((button) => getComputedStyle(button).backgroundColor);
    for (const link of [mailLink, page.getByRole('link', { name: '+43 463 551234' })]) {
      expect(await link.evaluate((a) => getComputedStyle(a).color)).toBe(primary);
    }
    // Telefon in place: the dial pad, no hint of keys a phone lacks, buttons to save and cancel instead, and the
    // open field stays in its place (it reached over the Mobil column).
    await page.getByRole('button', { name: 'Telefon ändern' }).click();
    const phoneInput = page.getByRole('textbox', { name: 'Telefon' });
    expect([await phoneInput.getAttribute('type'), await phoneInput.getAttribute('inputmode')]).toEqual([
      'tel',
      'tel',
    ]);
    expect(await page.getByText('Enter speichert, Esc bricht ab').count()).toBe(0);
    const open = (await phoneInput
      .locator('xpath=ancestor::div[contains(@class,"MuiTextField-root")]')
      .boundingBox())!;
    const mobil = (await page.getByText('Mobil', { exact: true }).boundingBox())!;
    const overlaps =
      open.x < mobil.x + mobil.width &&
      mobil.x < open.x + open.width &&
      open.y < mobil.y + mobil.height &&
      mobil.y < open.y + open.height;
    expect(overlaps).toBe(false);
    expect(open.x + open.width).toBeLessThanOrEqual(390);
    await phoneInput.fill('0463 99');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    await page.getByRole('link', { name: '+43 463 551234' }).waitFor();
    await page.getByRole('button', { name: 'E-Mail ändern' }).click();
    expect(await page.getByRole('textbox', { name: 'E-Mail' }).getAttribute('inputmode')).toBe('email');
    await page.getByRole('button', { name: 'Abbrechen' }).click();
    // A field's pencil is a thumb's target, not 28 px between two fields.
    const pencil = (await page.getByRole('button', { name: 'Telefon ändern' }).boundingBox())!;
    expect(Math.min(pencil.width, pencil.height)).toBeGreaterThanOrEqual(44);
    await screenshotToLookAt(page, { path: 'test-results/kunde-mobile.png', fullPage: true });
    // "Neue Aktivität": its buttons are part of the dialog, not a bar at the window's bottom beneath it.
    await page.getByRole('button', { name: 'Aktivität', exact: true }).click();
    const activity = page.getByRole('dialog', { name: 'Neue Aktivität' });
    const save = (await activity.getByRole('button', { name: 'Speichern' }).boundingBox())!;
    const dialogBox = (await activity.boundingBox())!;
    expect(save.y + save.height).toBeLessThanOrEqual(dialogBox.y + dialogBox.height);
    await activity.getByRole('button', { name: 'Abbrechen' }).click();
    // Gone, not only closing: while a dialog is open the page behind it is hidden from the accessibility tree.
    await activity.waitFor({ state: 'detached' });
    // Offline the top bar's chip says so in a row of its own: the page scrolls beneath that row as beneath the
    // bar, instead of showing (and taking taps) around a floating chip.
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
    await page.context().close();
  });
});

describe('Sammelaktion on Kunden', () => {
  it('adds a label to "alle Treffer", reports the one changed meanwhile and changes the rest', async () => {
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const term = `Sammel${suffix}`;
    try {
      const label = (
        await sql<{ id: number }>`INSERT INTO label (name, for_customer, active, due_after_days)
          VALUES (${`Aktion ${suffix}`}, true, true, 7) RETURNING id`.execute(db)
      ).rows[0]!.id;
      // Twelve matches: more than the page of ten, so only "alle Treffer" reaches them all.
      const ids = (
        await sql<{ id: number }>`INSERT INTO customer (last_name, first_name)
          SELECT ${term}, 'Nr' || n FROM generate_series(1, 12) n RETURNING id`.execute(db)
      ).rows.map((row) => row.id);
      const last = Math.max(...ids);
      const filter = encodeURIComponent(JSON.stringify({ q: term }));
      const page = await openSignedIn(
        'victor.verkauf',
        `/crm/kunden?filter=${filter}&perPage=10`,
        undefined,
        {
          landsOn: /\/crm\/kunden/,
        },
      );
      await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(11);
      await page.getByRole('row').first().getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Alle 12 Treffer auswählen' }).click();
      const bar = page.getByRole('region', { name: 'Auswahl bearbeiten' });
      await bar.getByText('Alle 12 Treffer').waitFor();
      // Beside the docked menu, not over it.
      const menu = (await page.locator('aside#crm-menu').boundingBox())!;
      expect((await bar.boundingBox())!.x).toBeGreaterThanOrEqual(menu.x + menu.width);
      // The selection as Excel: all twelve matches, though the page shows ten.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        bar.getByRole('button', { name: 'Excel-Export' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^Kunden_Auswahl_\d{4}-\d{2}-\d{2}\.xlsx$/);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile((await download.path())!);
      expect(workbook.getWorksheet('Kunden')!.rowCount).toBe(13);
      await page.getByRole('button', { name: 'Label hinzufügen' }).click();
      await page.getByRole('combobox', { name: 'Label' }).fill(`Aktion ${suffix}`);
      await page.getByRole('option', { name: `Aktion ${suffix}` }).click();
      // A colleague holds the last customer while the job runs and gives it the same label meanwhile (the field
      // the action changes): the job reaches it last and refuses it. Another one's Ort changed meanwhile (a field
      // the action does not change): that one is changed all the same.
      await sql`UPDATE customer SET city = 'Wernberg', version = version + 1 WHERE id = ${ids[0]!}`.execute(
        db,
      );
      await db.transaction().execute(async (trx) => {
        await sql`SELECT 1 FROM customer WHERE id = ${last} FOR UPDATE`.execute(trx);
        await page.getByRole('button', { name: '12 ändern' }).click();
        await page.getByRole('status').filter({ hasText: 'Läuft: 11 von 12 bearbeitet' }).waitFor();
        await sql`INSERT INTO customer_label (customer_id, label_id) VALUES (${last}, ${label})`.execute(trx);
        await sql`UPDATE customer SET version = version + 1 WHERE id = ${last}`.execute(trx);
        await sql`INSERT INTO change_record (actor_oid, actor_name, area, record_id, action, changes, customer_id)
          VALUES (NULL, 'Kollegin', 'kunden', ${last}, 'update',
            ${JSON.stringify({ labelIds: { old: [], new: [label] } })}::jsonb, ${last})`.execute(trx);
      });
      const dialog = page.getByRole('dialog', { name: 'Label hinzufügen' });
      await dialog.getByText('Fertig: 12 von 12 bearbeitet, 11 geändert, 1 abgelehnt.').waitFor();
      // The report lists every record with its result, the refused first.
      const report = dialog.getByRole('list', { name: 'Bericht' });
      await expect.poll(() => report.getByRole('listitem').count()).toBe(12);
      await expect
        .poll(() => report.getByRole('listitem').first().textContent())
        .toBe(`${term}, Nr12Der Kunde wurde inzwischen von Kollegin geändert.Abgelehnt`);
      await report
        .getByRole('listitem')
        .filter({ hasText: `${term}, Nr1Geändert` })
        .waitFor();
      await screenshotToLookAt(page, { path: 'test-results/kunden-sammelaktion.png' });
      const labelled = await sql<{ id: number }>`SELECT customer_id AS id FROM customer_label
        WHERE label_id = ${label} ORDER BY 1`.execute(db);
      expect(labelled.rows.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b));
      // "Abgelehnte erneut auswählen": the refused one is ticked in the list for the next try.
      await dialog.getByRole('button', { name: 'Abgelehnte erneut auswählen' }).click();
      await dialog.waitFor({ state: 'detached' });
      await bar.getByText('1 ausgewählt').waitFor();

      // The administration sees the job (who, what, selection, counts) and undoes it: the eleven labels the
      // job gave go again; the one the colleague gave stays (the job did not set it).
      const admin = await openSignedIn('anna.admin', '/crm/admin/sammelaktionen', undefined, {
        landsOn: /sammelaktionen/,
      });
      const card = admin
        .getByTestId('sammelaktion')
        .filter({ hasText: `Label hinzufügen: „Aktion ${suffix}“` })
        .first();
      await card.getByText(/Victor Verkauf · Kunden: alle Treffer \(Suche: /).waitFor();
      await card.getByText('11 geändert').waitFor();
      await card.getByText('1 abgelehnt').waitFor();
      await screenshotToLookAt(admin, { path: 'test-results/sammelaktionen-admin.png' });
      await card.getByRole('button', { name: 'Rückgängig machen' }).click();
      const undo = admin.getByRole('dialog', { name: /rückgängig machen/ });
      await undo.getByRole('button', { name: 'Jetzt rückgängig machen' }).click();
      await undo.getByText('Fertig: 11 von 11 bearbeitet, 11 geändert.').waitFor();
      await undo.getByRole('button', { name: 'Schließen' }).click();
      await card.getByText(/rückgängig gemacht \(Nr\. \d+\)/).waitFor();
      const left = await sql<{ id: number }>`SELECT customer_id AS id FROM customer_label
        WHERE label_id = ${label}`.execute(db);
      expect(left.rows.map((row) => row.id)).toEqual([last]);
      await admin.context().close();
      await page.context().close();
    } finally {
      await db.destroy();
    }
  });
  it('sends a Werbung mail to ticked customers: refused ones named first, then the report; its link unsubscribes on a phone', async () => {
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const term = `Rundmail${suffix}`;
    const template = `Rundmail ${suffix}`;
    try {
      await sql`INSERT INTO text_template (name, subject, body, purpose)
        VALUES (${template}, 'Neuigkeiten für {{Nachname}}', '{{Anrede}} {{Name}}, wir haben Neues.', 'werbung')`.execute(
        db,
      );
      // Anna consented (in writing), Bernd did not, Ohne has no address.
      await sql`INSERT INTO customer (salutation, last_name, first_name, email)
        VALUES ('Frau', ${term}, 'Anna', ${`anna.${suffix}@example.at`}), ('Herr', ${term}, 'Ohne', NULL),
               ('Herr', ${term}, 'Bernd', ${`bernd.${suffix}@example.at`})`.execute(db);
      await sql`INSERT INTO customer_consent (customer_id, granted, source, given_on, recorded_by_name)
        SELECT id, true, 'schriftlich', '2026-03-02', 'Victor Verkauf' FROM customer
        WHERE last_name = ${term} AND first_name = 'Anna'`.execute(db);
      const filter = encodeURIComponent(JSON.stringify({ q: term }));
      const page = await openSignedIn('victor.verkauf', `/crm/kunden?filter=${filter}`, undefined, {
        landsOn: /\/crm\/kunden/,
      });
      await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      for (const row of [1, 2, 3]) await page.getByRole('row').nth(row).getByRole('checkbox').check();
      await page.getByRole('region', { name: 'Auswahl bearbeiten' }).getByText('3 ausgewählt').waitFor();
      await page.getByRole('button', { name: 'Mail senden' }).click();
      const dialog = page.getByRole('dialog', { name: 'Mail senden' });
      await dialog.getByRole('combobox', { name: 'Vorlage' }).click();
      await page.getByRole('option', { name: template }).click();
      const recipients = dialog.getByRole('status', { name: 'Empfänger' });
      await recipients.getByText('1 Empfänger bekommt die Mail.').waitFor();
      await recipients.getByText('1 Datensatz hat keine E-Mail-Adresse und wird abgelehnt.').waitFor();
      await recipients
        .getByText(/^1 Kunde hat keine Einwilligung in Werbung per E-Mail und wird abgelehnt/)
        .waitFor();
      // Every refused record by name, with the reason.
      const notSent = dialog.getByRole('list', { name: /^Bekommen die Mail nicht/ });
      await expect
        .poll(async () =>
          (await notSent.getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\n+/g, '\n')),
        )
        .toEqual([
          `${term}, Bernd\nKeine Einwilligung in Werbung per E-Mail.`,
          `${term}, Ohne\nKeine E-Mail-Adresse hinterlegt.`,
        ]);
      const preview = dialog.getByLabel('Vorschau der Mail');
      await preview.getByText(`Neuigkeiten für ${term}`).waitFor();
      await preview
        .getByText(/^Sehr geehrte Frau .+, wir haben Neues\.\n\n--\nSie erhalten diese E-Mail/)
        .waitFor();
      await page.getByRole('listbox').waitFor({ state: 'hidden' });
      await screenshotToLookAt(page, { path: 'test-results/kunden-rundmail-vorschau.png' });
      await dialog.getByRole('button', { name: '1 Mail senden' }).click();
      await dialog.getByText('Fertig: 3 von 3 bearbeitet, 1 erledigt, 2 abgelehnt.').waitFor();
      const refused = dialog.getByRole('list', { name: 'Bericht' });
      await refused.getByText(`${term}, Ohne`).waitFor();
      await refused.getByText('Keine E-Mail-Adresse hinterlegt.').waitFor();
      await refused.getByText('Keine Einwilligung in Werbung per E-Mail.').waitFor();
      await screenshotToLookAt(page, { path: 'test-results/kunden-rundmail-bericht.png' });
      const queued = await sql<{ subject: string }>`SELECT m.subject FROM sent_mail m
        JOIN customer c ON c.id = m.customer_id WHERE c.last_name = ${term}`.execute(db);
      expect(queued.rows).toEqual([{ subject: `Neuigkeiten für ${term}` }]);
      // Like a single mail, it is on the customer's timeline (waiting, or sent by the outbox meanwhile).
      const anna = (
        await sql<{
          id: number;
        }>`SELECT id FROM customer WHERE last_name = ${term} AND first_name = 'Anna'`.execute(db)
      ).rows[0]!.id;
      await navigateInApp(page, `/crm/kunden/${anna}/show`);
      await page
        .getByRole('list', { name: 'Timeline' })
        .getByText(new RegExp(`^E-Mail an anna\\.${suffix}@example\\.at: Neuigkeiten für ${term}`))
        .waitFor();

      // The mail as it left (the mail catcher keeps it): its own link, which Anna opens on her phone.
      let raw = '';
      await expect
        .poll(
          async () => {
            const { rows } = await sql<{ raw: string | null }>`SELECT raw_message AS raw FROM sent_mail
              WHERE customer_id = ${anna}`.execute(db);
            raw = rows[0]?.raw ?? '';
            return raw !== '';
          },
          { timeout: 20_000 },
        )
        .toBe(true);
      const token = /\/api\/abmelden\/([A-Za-z0-9_-]+)>/.exec(raw.replace(/\r?\n[ \t]+/g, ' '))![1]!;
      const phone = await openPage(PHONE);
      await phone.goto(`${baseUrl}/abmelden/${token}`);
      await phone.getByRole('heading', { name: 'Sie sind abgemeldet' }).waitFor();
      await phone.getByText(/^Sie erhalten von .+ keine Werbung mehr per E-Mail\./).waitFor();
      // The logo may still be on its way when the text is drawn.
      const logo = phone.getByRole('img', { name: /^Logo/ });
      await expect
        .poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
        .toBe(true);
      // Nothing wider than the phone, and nothing of the customer on the page.
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await phone.content()).not.toContain(term);
      expect(await seriousViolations(phone)).toEqual([]);
      await screenshotToLookAt(phone, { path: 'test-results/abmelden-phone.png' });
      await phone.reload();
      await phone.getByRole('heading', { name: 'Sie sind bereits abgemeldet' }).waitFor();
      await phone.context().close();
      // The customer page says so, with the way it came.
      await page.reload();
      const consent = page.getByText('Werbung per E-Mail', { exact: true }).locator('..');
      await consent.getByText('Widerrufen').waitFor();
      await consent.getByText(/^am \d{2}\.\d{2}\.\d{4}, über den Abmeldelink$/).waitFor();
      await page.context().close();
    } finally {
      await db.destroy();
    }
  });
});
