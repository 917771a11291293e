import { describe, expect, it } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { uniqueSuffix } from '../support/uniqueName';
import type { VorgangListPage } from '../../src/resources/vorgaenge/vorgangListTypes';
import { sql } from 'kysely';
import { openDatabase } from '../../server/platform/db/database';
import { productUnderTest } from '../support/productUnderTest';

const { baseUrl, openSignedIn } = browserSession();

interface CustomerVorgang {
  id: number;
  belege: { belegNumber: string }[];
}

describe('Vorgänge list as victor.verkauf', () => {
  it('finds a Vorgang by its Belegnummer and jumps to it', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/vorgang');
    const api = apiOf(page, baseUrl);
    // A Vorgang with an Angebot and the Angebot's number, as the seller would read it off the paper.
    const list = await api.get<VorgangListPage>('vorgang/getAllVorgangs?status=angebot&perPage=1');
    const vorgang = list.data[0]!;
    const own = await api.get<CustomerVorgang[]>(`kunde/getVorgaengeForCustomer/${vorgang.customerId}`);
    const belegNumber = own.find((v) => v.id === vorgang.id)!.belege[0]!.belegNumber;

    await page.getByRole('tab', { name: /^Alle \((\d|mehr)/ }).waitFor();
    await page.getByRole('row').nth(1).waitFor();
    const search = page.getByRole('textbox', { name: 'Suche' });
    await search.fill(belegNumber);
    // The list narrows to that Vorgang and offers the jump ...
    await page.getByText(`Beleg ${belegNumber} gehört zu Vorgang ${vorgang.vorgangNumber}.`).waitFor();
    await page.getByRole('link', { name: vorgang.vorgangNumber }).waitFor();
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    // ... and Enter goes straight to the Vorgang's page.
    await search.press('Enter');
    await page.waitForURL(`${baseUrl}/crm/vorgang/${vorgang.id}`);
    await page.context().close();
  });

  it('creates a new Vorgang (Anfrage) for a customer, with Verkäufer and Filiale preset', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/vorgang');
    const api = apiOf(page, baseUrl);
    const title = `Wintergarten ${uniqueSuffix()}`;
    const someone = (await api.get<VorgangListPage>('vorgang/getAllVorgangs?perPage=1')).data[0]!;
    await page.getByRole('button', { name: 'Neuer Vorgang' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neuer Vorgang (Anfrage)' });
    await dialog.getByRole('button', { name: 'Vorgang anlegen' }).click();
    await dialog.getByText('Kunde ist ein Pflichtfeld.').waitFor();
    await dialog.getByText('Bezeichnung ist ein Pflichtfeld.').waitFor();
    // Verkäufer and Filiale are preset to the seller and his branch.
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Verkäufer' }).inputValue())
      .toBe('Victor Verkauf');
    expect(await dialog.getByRole('combobox', { name: 'Filiale' }).inputValue()).not.toBe('');
    await dialog.getByRole('combobox', { name: 'Kunde' }).fill(someone.customerName.slice(0, 12));
    await page.getByRole('option', { name: someone.customerName }).first().click();
    await dialog.getByRole('textbox', { name: 'Bezeichnung' }).fill(title);
    // A double click made two Vorgänge. Now the button waits for the save, and each send of
    // this opening carries one Idempotency-Key, so the server creates once whatever arrives.
    const sentKeys: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/vorgang/saveNewVorgang'))
        sentKeys.push(request.headers()['idempotency-key']);
    });
    await dialog.getByRole('button', { name: 'Vorgang anlegen' }).dblclick();
    await page.waitForURL(/\/crm\/vorgang\/\d+$/);
    const id = Number(page.url().split('/').pop());
    expect(sentKeys.length).toBeGreaterThan(0);
    expect(sentKeys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(sentKeys).size).toBe(1);

    const found = await api.get<VorgangListPage>(`vorgang/getAllVorgangs?q=${encodeURIComponent(title)}`);
    expect(found.data).toHaveLength(1);
    expect(found.data[0]).toMatchObject({
      id,
      title,
      systemStatus: 'anfrage',
      customerId: someone.customerId,
      seller: 'Victor Verkauf',
    });
    expect(found.data[0]!.vorgangNumber).toMatch(/^CRM-\d{6}$/);
    // Its estimate is its value until a Beleg comes: the list shows it, marked, as the Vorgang's page does
    // (it showed 0,00 €).
    const { version } = await api.get<{ version: number }>(`vorgang/getVorgang/${id}`);
    await api.post('vorgang/setExpectedValueForVorgang', {
      vorgangId: id,
      version,
      expectedValueCents: 1_250_000,
      expectedOrderDate: null,
    });
    await navigateInApp(page, `/crm/vorgang?mine=true&status=anfrage&q=${encodeURIComponent(title)}`);
    await page.getByRole('link', { name: found.data[0]!.vorgangNumber }).waitFor();
    await page.getByRole('tab', { name: 'Anfrage (1)' }).waitFor();
    // In the table "geschätzt" takes the value cell's second line (an Anfrage has no Plan-DB), so the column
    // stays as narrow as the amounts.
    const row = page.getByRole('row').filter({ hasText: title });
    expect(await row.innerText()).toMatch(/12\.500,00\s€\n+geschätzt/);
    // On a phone: the card says the same, and the toolbar is one row with the Excel-Export behind "⋮", as Kunden.
    await page.setViewportSize({ width: 390, height: 844 });
    const card = page.locator('.MuiCardActionArea-root').filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/12\.500,00\s€\sgeschätzt/);
    const views = (await page.getByRole('button', { name: /^Gespeicherte Ansichten/ }).boundingBox())!;
    const create = (await page.getByRole('button', { name: 'Neuer Vorgang' }).boundingBox())!;
    const more = (await page.getByRole('button', { name: 'Weitere Aktionen' }).boundingBox())!;
    for (const box of [create, more])
      expect(Math.abs(box.y + box.height / 2 - (views.y + views.height / 2))).toBeLessThan(4);
    expect(await page.getByRole('button', { name: 'Excel-Export' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Weitere Aktionen' }).click();
    await page.getByRole('menuitem', { name: 'Excel-Export' }).waitFor();
    await page.keyboard.press('Escape');
    await page.context().close();
  });

  it('at 1280×800: 8+ rows on screen, chips in full, words whole, a clear focus ring on sort headers', async () => {
    // Labels on the list, so chips of every kind are there to check.
    const page = await openSignedIn('victor.verkauf', '/crm/vorgang', { width: 1280, height: 800 });
    await page.getByRole('tab', { name: /^Alle \((\d|mehr)/ }).waitFor();
    await page.locator('tbody tr').nth(7).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/vorgaenge-1280x800.png' });
    // Rows wholly inside the window without scrolling (about 6 before, 9-10 now,
    // depending on how many names wrap).
    const visible = await page
      .locator('tbody tr')
      .evaluateAll(
        (rows) => rows.filter((row) => row.getBoundingClientRect().bottom <= window.innerHeight).length,
      );
    expect(visible).toBeGreaterThanOrEqual(8);
    // No chip cut ("Aufmaß g…"): each label shows its whole text.
    const cut = await page
      .locator('tbody .MuiChip-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    expect(await page.locator('tbody .MuiChip-label').count()).toBeGreaterThan(12);
    // No word broken mid-word ("Bestandskund|e"): every word of every cell lies on one line.
    const broken = await page.locator('tbody td').evaluateAll((cells) => {
      const split: string[] = [];
      for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (tops.size > 1) split.push(match[0]);
          }
        }
      }
      return split;
    });
    expect(broken).toEqual([]);
    // Each column heading on one line ("Summe netto" over "Plan-DB" took three).
    const wrappedHeadings = await page.locator('thead th').evaluateAll((cells) => {
      const wrapped: string[] = [];
      for (const cell of cells) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1) wrapped.push(node.textContent ?? '');
        }
      }
      return wrapped;
    });
    expect(wrappedHeadings).toEqual([]);
    // Keyboard focus on a sort header: a visible ring.
    const header = page.getByRole('button', { name: 'Vorgangsnr.' });
    await header.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    // MUI marks keyboard focus (Mui-focusVisible) in a render after the key, so the ring is waited for.
    const ring = () =>
      header.evaluate((el) => {
        const style = getComputedStyle(el);
        return { outline: `${style.outlineStyle} ${style.outlineWidth}`, shadow: style.boxShadow };
      });
    await expect
      .poll(async () => {
        const { outline, shadow } = await ring();
        return outline === 'solid 2px' || shadow !== 'none';
      })
      .toBe(true);
    // The whole page ticked: the bar's six actions and "Alle … Treffer auswählen" each show their whole text
    // (wrapping to a second row rather than squeezing a button under its neighbour).
    await page.getByRole('checkbox', { name: 'Alle Vorgänge dieser Seite auswählen' }).check();
    const bar = page.getByRole('region', { name: 'Auswahl bearbeiten' });
    await bar.getByRole('button', { name: /^Alle .* Treffer auswählen$/ }).waitFor();
    const squeezed = await bar
      .getByRole('button')
      .evaluateAll((buttons) =>
        buttons
          .filter((button) => button.scrollWidth > button.clientWidth)
          .map((button) => button.textContent),
      );
    expect(squeezed).toEqual([]);
    // A lost Vorgang is "Verloren", not also on a step of the open pipeline (its former Eigener Status).
    await page.getByRole('checkbox', { name: 'Alle Vorgänge dieser Seite auswählen' }).uncheck();
    await page.getByRole('tab', { name: /^Verloren \(\d+/ }).click();
    await expect
      .poll(async () => [
        ...new Set(
          (await page.locator('tbody tr td:nth-child(4)').allInnerTexts()).map((text) => text.trim()),
        ),
      ])
      .toEqual(['Verloren']);
    // „Stagnierend“: only open Vorgänge longer without activity than their status allows, each row marked; the
    // filter is in the address and the total is the server's count.
    // Two quick clicks, the tab and then the switch, in one task (before the list draws the tab's address):
    // the second starts from the first's address and keeps it, so Verloren does not come back.
    const alle = page.getByRole('tab', { name: /^Alle \(/ });
    const stagnantSwitch = page.getByRole('switch', { name: 'Stagnierend' });
    await stagnantSwitch.waitFor();
    await page.evaluate(() => {
      const byText = (selector: string, text: RegExp) =>
        [...document.querySelectorAll<HTMLElement>(selector)].find((element) =>
          text.test(element.closest('[role=tab], label')?.textContent ?? ''),
        )!;
      byText('[role=tab]', /^Alle \(/).click();
      byText('input[role=switch]', /^Stagnierend$/).click();
    });
    await expect.poll(() => new URL(page.url()).searchParams.get('stagnant')).toBe('true');
    expect(new URL(page.url()).searchParams.has('status')).toBe(false);
    await expect.poll(() => alle.getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => stagnantSwitch.isChecked()).toBe(true);
    const api = apiOf(page, baseUrl);
    const expected = await api.get<VorgangListPage>('vorgang/getAllVorgangs?stagnant=true&perPage=25');
    expect(expected.data.length).toBeGreaterThan(0);
    expect(expected.data.every((row) => row.stagnantDays !== null)).toBe(true);
    const markers = page.locator('tbody tr [data-stagnant]');
    await expect.poll(() => markers.count()).toBe(expected.data.length);
    expect(await page.locator('tbody tr').count()).toBe(expected.data.length);
    expect(await markers.first().textContent()).toBe(
      `seit ${expected.data[0]!.stagnantDays!.toLocaleString('de-DE')} Tagen ohne Aktivität`,
    );
    await screenshotToLookAt(page, { path: 'test-results/vorgaenge-stagnierend-1280.png' });
    await page.context().close();
  });
});

describe('Sammelaktion on Vorgänge', () => {
  it('sets the Eigener Status of the ticked Vorgänge, on a wide screen and on a phone', async () => {
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const term = `Sammelvorgang ${uniqueSuffix()}`;
    try {
      const status = (
        await sql<{ id: number }>`INSERT INTO custom_status (name, active) VALUES (${`Heiß ${term}`}, true)
          RETURNING id`.execute(db)
      ).rows[0]!.id;
      // Three of victor.verkauf's own Vorgänge: his to change.
      const ids = (
        await sql<{
          id: number;
        }>`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, branch_id)
          SELECT 'SV-' || n || ${term.slice(-6)}, (SELECT min(id) FROM customer), ${term} || ' ' || n, u.id, u.branch_id
          FROM generate_series(1, 3) n, app_user u WHERE u.name = 'Victor Verkauf' RETURNING id`.execute(db)
      ).rows.map((row) => row.id);
      expect(ids).toHaveLength(3);
      const page = await openSignedIn('victor.verkauf', `/crm/vorgang?q=${encodeURIComponent(term)}`);
      await expect.poll(() => page.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
      await page.getByRole('checkbox', { name: 'Alle Vorgänge dieser Seite auswählen' }).check();
      const bar = page.getByRole('region', { name: 'Auswahl bearbeiten' });
      await bar.getByText('3 ausgewählt').waitFor();
      await screenshotToLookAt(page, { path: 'test-results/vorgaenge-auswahl.png' });
      await bar.getByRole('button', { name: 'Eigenen Status setzen' }).click();
      await page.getByRole('combobox', { name: 'Eigener Status' }).fill(`Heiß ${term}`);
      await page.getByRole('option', { name: `Heiß ${term}` }).click();
      await page.getByRole('button', { name: '3 ändern' }).click();
      const dialog = page.getByRole('dialog', { name: 'Eigenen Status setzen' });
      await expect
        .poll(() => dialog.textContent(), { timeout: 20_000 })
        .toContain('Fertig: 3 von 3 bearbeitet, 3 geändert.');
      const set = await sql<{ id: number }>`SELECT id FROM vorgang WHERE custom_status_id = ${status}
        ORDER BY id`.execute(db);
      expect(set.rows.map((row) => row.id)).toEqual([...ids].sort((a, b) => a - b));
      // Closed after the job ran: the selection is spent and the rows show their new status.
      await dialog.getByRole('button', { name: 'Schließen' }).click();
      await dialog.waitFor({ state: 'detached' });
      await bar.waitFor({ state: 'detached' });
      await page.getByRole('row').nth(1).getByText(`Heiß ${term}`).waitFor();
      await page.context().close();

      // On a phone each card has its box; the bar is a sheet at the bottom with the actions.
      const phone = await openSignedIn('victor.verkauf', `/crm/vorgang?q=${encodeURIComponent(term)}`, {
        width: 390,
        height: 844,
      });
      // The filters besides the search wait behind "Filter" (a sheet), so the cards begin on the first screen.
      await phone.getByRole('button', { name: 'Filter', exact: true }).waitFor();
      expect(await phone.getByRole('combobox', { name: 'Verkäufer' }).count()).toBe(0);
      await phone.getByRole('checkbox', { name: /^Vorgang SV-1/ }).check();
      const sheet = phone.getByRole('region', { name: 'Auswahl bearbeiten' });
      await sheet.getByText('1 ausgewählt').waitFor();
      await sheet.getByRole('button', { name: 'Verkäufer zuweisen' }).waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // Scrolled to the end, the last card and the pager lie above the sheet, however tall its buttons make it.
      await expect
        .poll(async () => {
          await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const pager = await phone.locator('.MuiTablePagination-root').boundingBox();
          const top = (await sheet.boundingBox())!.y;
          return pager!.y + pager!.height <= top;
        })
        .toBe(true);
      // The whole page at one tap on a phone too, and from there "alle Treffer".
      await phone.getByRole('checkbox', { name: 'Alle Vorgänge dieser Seite auswählen' }).check();
      await sheet.getByText('3 ausgewählt').waitFor();
      // The pager fits: its "Nächste Seite" is whole on the screen (the page size is not offered on a phone).
      const next = (await phone.getByRole('button', { name: 'Nächste Seite' }).boundingBox())!;
      expect(next.x + next.width).toBeLessThanOrEqual(390 - 8);
      await screenshotToLookAt(phone, { path: 'test-results/vorgaenge-auswahl-mobile.png' });
      await phone.context().close();
    } finally {
      await db.destroy();
    }
  });
});
