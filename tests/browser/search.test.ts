import { describe, expect, it } from 'vitest';
import type { SavedViewsOfList } from '../../src/resources/savedViews/savedViews.endpoints';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();
const PHONE = { width: 390, height: 844 };

describe('Strg+K', () => {
  it('finds a customer by a phone number typed in another format, shows the field it matched, opens it by keyboard', async () => {
    // Kunden, not the Vorgänge: their list would show the number the Vorgang's page is waited for by below.
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    const suffix = uniqueSuffix();
    // Seven digits of this file's own, so that no demo customer shares the number.
    const digits = String(1_000_000 + (parseInt(suffix, 36) % 8_999_999)).slice(0, 7);
    const mobileDigits = String(2_000_000 + (parseInt(suffix, 36) % 7_999_999)).slice(0, 7);
    const lastName = `Telefonsuche${suffix}`;
    const api = apiOf(page, baseUrl);
    const customer = await api.post<{ id: number; mobile: string }>('kunde/saveNewCustomer', {
      lastName,
      phone: `+43 4242 ${digits}`,
      mobile: `+43 664 ${mobileDigits}`,
    });
    // A Vorgang opened on its page (not through the box) is among the records offered before typing.
    const vorgaenge = await api.get<{ data: { id: number; vorgangNumber: string }[] }>(
      'vorgang/getAllVorgangs?perPage=1',
    );
    const vorgang = vorgaenge.data[0]!;
    await navigateInApp(page, `/crm/vorgang/${vorgang.id}`);
    await page.getByText(vorgang.vorgangNumber).first().waitFor();
    await page.getByRole('button', { name: 'Suchen', exact: true }).waitFor();
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain(vorgang.vorgangNumber);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Suchen' }).waitFor({ state: 'detached' });

    // Typed at once, as a practised hand does: the box's code may not be loaded yet, and no letter is lost.
    const query = `0664/${mobileDigits.slice(0, 3)} ${mobileDigits.slice(3)}`;
    await page.keyboard.press('Control+k');
    await page.keyboard.type(query);
    const box = page.getByRole('combobox', { name: 'Suchen' });
    await expect.poll(() => box.inputValue()).toBe(query);
    const hit = page.getByRole('option', { name: new RegExp(lastName) });
    await hit.waitFor();
    expect(await hit.getAttribute('aria-selected')).toBe('true');
    // The hit names the field the number is in: the mobile, not the landline.
    expect(await hit.textContent()).toContain(`Mobil: ${customer.mobile}`);
    expect(await hit.textContent()).not.toContain('4242');
    await page.getByRole('option', { name: /Alle Treffer in der Liste/ }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/suche-mobil.png' });
    await box.press('Enter');
    await page.waitForURL(`${baseUrl}/crm/kunden/${customer.id}/show`);
    await page
      .getByRole('heading', { name: new RegExp(lastName) })
      .first()
      .waitFor();

    // Opened once, it is first when the box opens empty again; Esc closes.
    await page.keyboard.press('Control+k');
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain(lastName);
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Suchen' }).waitFor({ state: 'detached' });

    // "Alle Treffer in der Liste" opens the Kunden list filtered by the text.
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: 'Suchen' }).fill(lastName);
    await page.getByRole('option', { name: /Alle Treffer in der Liste/ }).click();
    await page.waitForURL(/\/crm\/kunden\?/);
    expect(JSON.parse(new URL(page.url()).searchParams.get('filter') ?? '{}')).toEqual({ q: lastName });
    await page.locator('#main-content table tbody tr').filter({ hasText: lastName }).waitFor();
    await page.context().close();
  });

  it('opens from the top bar on a phone and finds a screen by its German name', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden', PHONE);
    await page.getByRole('button', { name: 'Suchen' }).click();
    await page.getByRole('combobox', { name: 'Suchen' }).fill('fällige');
    await page.getByRole('option', { name: /Fällige Labels/ }).click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/faellig`);
    await page.context().close();
  });
});

describe('keyboard', () => {
  it('moves between list rows with j/k, opens with Enter, goes back, and shows the overview on "?" but not in a field', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/kunden');
    const rows = page.locator('#main-content table tbody tr');
    await rows.nth(2).waitFor();
    await page.getByRole('button', { name: 'Suchen', exact: true }).waitFor();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('j');
    expect(await rows.nth(1).getAttribute('data-tastatur-zeile')).toBe('true');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/crm\/kunden\/\d+\/show$/);
    await page.keyboard.press('Backspace');
    await page.waitForURL(/\/crm\/kunden(\?.*)?$/);

    await page.getByRole('textbox', { name: 'Suchen' }).first().fill('?');
    expect(await page.getByRole('dialog', { name: 'Tastenkürzel' }).count()).toBe(0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Tastenkürzel' }).getByText('Nächste Zeile').waitFor();
    await page.context().close();
  });
});

describe('Gespeicherte Ansichten', () => {
  it('follows the person to another browser, and a branch view reaches the branch only', async () => {
    const name = `Offene Angebote ${uniqueSuffix()}`;
    const first = await openSignedIn('victor.verkauf', '/crm/vorgang?status=angebot&q=fenster');
    await first.getByRole('button', { name: /Gespeicherte Ansichten/ }).click();
    await first.getByRole('menuitem', { name: /als neue Ansicht speichern/ }).click();
    const dialog = first.getByRole('dialog', { name: 'Ansicht speichern' });
    await dialog.getByLabel('Name der Ansicht').fill(name);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await first.getByRole('button', { name: `Gespeicherte Ansichten: ${name}` }).waitFor();

    // Another browser (fresh sign-in, nothing in its storage), the same person: the view is there and applies.
    const second = await openSignedIn('victor.verkauf', '/crm/vorgang', undefined, { fresh: true });
    await second.getByRole('button', { name: /Gespeicherte Ansichten/ }).click();
    await second.getByRole('menuitem', { name }).click();
    await expect.poll(() => new URL(second.url()).searchParams.get('status')).toBe('angebot');
    expect(new URL(second.url()).searchParams.get('q')).toBe('fenster');
    await second.context().close();

    // Lena leads Villach and shares a view with her branch: Victor (Villach) gets it, Anna (Klagenfurt) not.
    const shared = `Filiale Villach ${uniqueSuffix()}`;
    const lena = await openSignedIn('lena.leitung', '/crm/kunden');
    await lena.getByRole('button', { name: /Gespeicherte Ansichten/ }).click();
    await lena.getByRole('menuitem', { name: /als neue Ansicht speichern/ }).click();
    const share = lena.getByRole('dialog', { name: 'Ansicht speichern' });
    await share.getByLabel('Name der Ansicht').fill(shared);
    await share.getByRole('radio', { name: 'Meine Filiale' }).check();
    await share.getByRole('button', { name: 'Speichern' }).click();
    await lena.getByRole('button', { name: `Gespeicherte Ansichten: ${shared}` }).waitFor();
    await lena.context().close();

    await navigateInApp(first, '/crm/kunden');
    await first.getByRole('button', { name: /Gespeicherte Ansichten/ }).click();
    await first.getByRole('menuitem', { name: new RegExp(shared) }).waitFor();
    await first.context().close();

    const anna = await openSignedIn('anna.admin', '/crm/kunden');
    const views = await apiOf(anna, baseUrl).get<SavedViewsOfList>('savedView/list?listKey=kunden');
    expect(views.views.map((view) => view.name)).not.toContain(shared);
    await anna.getByRole('button', { name: /Gespeicherte Ansichten/ }).click();
    await anna.getByRole('menuitem', { name: /als neue Ansicht speichern/ }).waitFor();
    expect(await anna.getByRole('menuitem', { name: new RegExp(shared) }).count()).toBe(0);
    await anna.context().close();
  });
});
