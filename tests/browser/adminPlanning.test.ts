import { describe, expect, it, onTestFinished } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

// What a settings answer says about itself rather than a setting.
const META = ['version', 'updatedAt', 'updatedBy'];

describe('Admin: mapping cache, data sync and settings as anna.admin', () => {
  it('rebuilds the mapping cache in the background and shows the statistics', async () => {
    const page = await openSignedIn('anna.admin', '/crm/admin/mapping-statistik');
    const cache = page.getByRole('region', { name: 'Mapping-Cache' });
    await cache.getByText(/Zuletzt aufgebaut .* von Demodaten: \d+ Artikel\./).waitFor();
    await page
      .getByRole('table', { name: 'Artikel und Umsatz je Produktgruppe' })
      .getByText('Kunststofffenster')
      .waitFor();
    await cache.getByRole('button', { name: 'Cache neu aufbauen' }).click();
    await cache.getByText(/Zuletzt aufgebaut .* von Anna Admin: \d+ Artikel\./).waitFor();
    await page.getByText('Zugeordneter Umsatz').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-mapping-statistik.png', fullPage: true });
    // The state lives on the server: a reload shows the same build.
    await page.reload();
    await cache.getByText(/von Anna Admin/).waitFor();
    await page.context().close();
  });

  it('syncs the sample export and shows counts and the rejected rows with file and line', async () => {
    const page = await openSignedIn('anna.admin', '/crm/admin/datenabgleich');
    await page.getByText('positionen.csv').waitFor();
    await page.getByRole('button', { name: 'Abgleich starten' }).click();
    const run = page.getByRole('region', { name: 'Letzter Abgleich' });
    await run.getByText(/^Letzter Abgleich von Anna Admin/).waitFor();
    const log = run.getByRole('table', { name: 'Protokoll des Abgleichs' });
    await log.getByRole('row', { name: /kunden\.csv 5 PLZ: Eine deutsche PLZ hat 5 Ziffern\./ }).waitFor();
    expect(await log.getByRole('row').count()).toBeGreaterThanOrEqual(8);
    await screenshotToLookAt(page, { path: 'test-results/admin-datenabgleich.png', fullPage: true });
    // Twice the same export: nothing new, nothing changed.
    await page.getByRole('button', { name: 'Abgleich starten' }).click();
    const figure = (label: string) =>
      run.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
    await expect
      .poll(async () => (await figure('Unverändert').textContent()) ?? '', { timeout: 20_000 })
      .toBe('14');
    expect(await figure('Neu angelegt').textContent()).toBe('0');
    expect(await figure('Geändert').textContent()).toBe('0');
    await page.context().close();
  });

  it('saves the global settings, with a German message at a wrong IBAN', async () => {
    const page = await openSignedIn('anna.admin', '/crm/admin/einstellungen');
    // The settings are global: put them back as they were, whatever happens here.
    const api = apiOf(page, baseUrl);
    const original = await api.get<Record<string, unknown>>('globalSettings/getGlobalSettings');
    onTestFinished(async () => {
      const { version } = await api.get<{ version: number }>('globalSettings/getGlobalSettings');
      const values = Object.entries(original).filter(([key]) => !META.includes(key));
      await api.put('globalSettings/putGlobalSettings', { ...Object.fromEntries(values), version });
    });
    const iban = page.getByRole('textbox', { name: 'IBAN' });
    await iban.waitFor();
    await iban.fill('AT61 1904 3002 3457 3202');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Prüfziffern der IBAN stimmen nicht. Bitte prüfen Sie die Eingabe.').waitFor();
    await iban.fill('AT61 1904 3002 3457 3201');
    await page.getByRole('spinbutton', { name: 'Angebote gültig (Tage)' }).fill('21');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Einstellungen wurden gespeichert.').waitFor();
    await page.getByText(/Zuletzt geändert .* von Anna Admin\./).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-einstellungen.png', fullPage: true });
    await page.context().close();
  });
});

describe('Admin-Verkauf as lena.leitung', () => {
  it('edits the sales curve: the sum must be 100 %', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/verkaufskurve');
    // The curve is global (and the sums below start from the demo curve): put it back afterwards.
    const api = apiOf(page, baseUrl);
    const { shares } = await api.get<{ shares: number[] }>('adminExtended/getSalesCurve');
    onTestFinished(async () => {
      const { version } = await api.get<{ version: number }>('adminExtended/getSalesCurve');
      await api.put('adminExtended/putSalesCurve', { shares, version });
    });
    const january = page.getByRole('textbox', { name: 'Anteil Jan' });
    await january.fill('7');
    await page.getByText('Die Anteile ergeben zusammen 102 %; es müssen genau 100 % sein.').waitFor();
    expect(await page.getByRole('button', { name: 'Speichern' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Anteil Feb' }).fill('4');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Die Verkaufskurve wurde gespeichert.').waitFor();
    await page.getByText(/Zuletzt gespeichert .* von Lena Leitung\./).waitFor();
    await page
      .getByRole('region', { name: 'Kurve je Verkäufer' })
      .getByText(/^Jahresziel .*€/)
      .waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-verkaufskurve.png', fullPage: true });
    await page.context().close();
  });

  it('creates a sales target and sees it against actual revenue', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/sales-targets/create');
    // Year, Filiale and Produktgruppe make a target unique: remove the one made here afterwards.
    const api = apiOf(page, baseUrl);
    const targetIds = async () =>
      (await api.get<{ data: { id: number }[] }>('sales-target/getAllSalesTargets?perPage=500')).data.map(
        (target) => target.id,
      );
    const before = await targetIds();
    onTestFinished(async () => {
      for (const id of await targetIds()) {
        if (!before.includes(id)) await api.delete(`sales-target/deleteSalesTarget/${id}`);
      }
    });
    await page.getByRole('spinbutton', { name: 'Jahr' }).fill(String(new Date().getFullYear()));
    await page.getByRole('spinbutton', { name: 'Ziel' }).fill('250000');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Verkäufer: Bitte wählen Sie entweder einen Verkäufer oder eine Filiale.').waitFor();
    await page.getByRole('combobox', { name: 'Filiale' }).fill('Klagen');
    await page.getByRole('option', { name: 'Klagenfurt' }).click();
    await page.getByRole('combobox', { name: 'Produktgruppe' }).fill('Haust');
    await page.getByRole('option', { name: 'Haustüren' }).click();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-verkauf/sales-targets`);
    await page.getByRole('tab', { name: 'Soll/Ist' }).click();
    const table = page.getByRole('table', { name: /^Soll\/Ist \d{4}$/ });
    await table.getByRole('row', { name: /Filiale Klagenfurt Haustüren 250\.000,00 €/ }).waitFor();
    await screenshotToLookAt(page, { path: 'test-results/admin-soll-ist.png', fullPage: true });
    await page.context().close();
  });

  it('writes a text template with a placeholder and previews it with a real customer', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/admin-verkauf/text-templates/create');
    const name = `Herbstaktion ${uniqueSuffix()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    // An invitation to a campaign is advertising: only to customers who consented, with an unsubscribe link.
    await page.getByRole('combobox', { name: 'Zweck' }).click();
    await page.getByRole('option', { name: 'Werbung' }).click();
    await page.getByRole('textbox', { name: 'Betreff' }).fill('Herbstaktion für {{Kunde}}');
    await page
      .getByRole('textbox', { name: 'Text' })
      .fill('{{Anrede}} {{Name}},\n\nunsere Herbstaktion läuft. ');
    await page.getByRole('button', { name: '{{Verkäufer}}' }).click();
    const preview = page.getByRole('region', { name: 'Vorschau' });
    await preview.getByText('Unbekannte Platzhalter: {{Kunde}}').waitFor();
    await preview.getByText(/^Mit Kunde /).waitFor();
    await preview.getByText(/unsere Herbstaktion läuft\. Lena Leitung/).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText(/^Betreff: \{\{Kunde\}\} gibt es nicht\./).waitFor();
    await page.getByRole('textbox', { name: 'Betreff' }).fill('Herbstaktion für {{Vorname}} {{Nachname}}');
    await page.getByRole('combobox', { name: 'Sichtbar für' }).click();
    await page.getByRole('option', { name: 'Bestimmte Gruppen' }).click();
    await page.getByRole('combobox', { name: 'Gruppen', exact: true }).click();
    await page.getByRole('option', { name: 'Verkauf (APP_KUNDE)' }).click();
    await page.keyboard.press('Escape');
    await screenshotToLookAt(page, { path: 'test-results/admin-textvorlage.png', fullPage: true });
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL(`${baseUrl}/crm/admin-verkauf/text-templates`);
    await page.getByRole('row', { name }).waitFor();
    await page.context().close();
  });
});
