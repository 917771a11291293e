import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { networkQuiet } from '../support/networkQuiet';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();
const PHONE = { width: 390, height: 844 };

/** The text ends within its card: nothing of it cut off at the edge, nothing scrolls sideways. */
async function expectInside(text: Locator, card: Locator) {
  expect(await text.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  const [inner, outer] = [(await text.boundingBox())!, (await card.boundingBox())!];
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
}

interface Found {
  id: number;
  vorgangNumber: string;
  systemStatus: string;
  customer: { id: number };
  customStatus: { id: number } | null;
  branch: string | null;
  labels: unknown[];
  belege: { belegType: string; belegNumber: string }[];
}

describe('the page per Vorgang as victor.verkauf', () => {
  it('opens a Vorgang from the customer, sets status and label, notes the Angebot, sees the Plan-DB, uploads, loses it', async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    const api = apiOf(page, baseUrl);
    // A seeded offer without labels: the page's changes are then all this test's.
    let vorgang: Found | undefined;
    for (let id = 1; !vorgang && id < 400; id++) {
      const candidate = await api.get<Found>(`vorgang/getVorgang/${id}`).catch(() => undefined);
      if (candidate?.systemStatus === 'angebot' && !candidate.labels.length && candidate.belege.length) {
        vorgang = candidate;
      }
    }
    if (!vorgang) throw new Error('Kein passender Vorgang in den Demodaten.');
    const offer = vorgang.belege.find((b) => b.belegType === 'angebot')!;

    await navigateInApp(page, `/crm/kunden/${vorgang.customer.id}/show`);
    await page.getByRole('tab', { name: 'Vorgänge' }).click();
    await page.getByText(vorgang.vorgangNumber, { exact: true }).click();
    await page.getByRole('link', { name: 'Zum Vorgang' }).first().click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/${vorgang.id}`);
    await page.getByRole('navigation', { name: 'Brotkrumen' }).getByText(vorgang.vorgangNumber).waitFor();

    // Eigener Status in place.
    // A status other than the one it has (another test's bulk action may have set one on this Vorgang):
    // choosing the same again changes nothing and says nothing.
    const currentStatus = (await page
      .getByRole('combobox', { name: 'Eigener Status' })
      .textContent())!.trim();
    await page.getByRole('combobox', { name: 'Eigener Status' }).click();
    const option = page
      .getByRole('option')
      .filter({ hasNotText: 'Ohne Status' })
      .filter({ hasNotText: new RegExp(`^${currentStatus.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .last();
    const statusName = (await option.textContent())!.trim();
    await option.click();
    await page.getByText(`Eigener Status: ${statusName}.`).waitFor();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Eigener Status' }).textContent())
      .toContain(statusName);

    // A label, due after its days; then another due date.
    await page.getByRole('button', { name: 'Label', exact: true }).click();
    const labelItem = page.getByRole('menuitem', { name: /\S fällig nach \d+ Tagen?$/ }).first();
    // Its text is its name too, "Rückruf fällig nach 2 Tagen" (read as text, it ran together: "Rückruffällig …").
    expect(await labelItem.textContent()).toMatch(/\S fällig nach \d+ Tagen?$/);
    await labelItem.click();
    const chip = page.getByRole('button', { name: /^Label / });
    await chip.filter({ hasText: 'fällig' }).waitFor();
    await chip.click();
    // The German date field: its day, month and year typed in turn.
    await page.getByRole('group', { name: 'Fällig am' }).getByRole('spinbutton').first().click();
    await page.keyboard.type('15012027');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await chip.filter({ hasText: 'fällig 15.01.2027' }).waitFor();

    // A note on the Angebot, with a long word (an order number) that wraps inside its card.
    const orderNumber = `Bestellung:${'Wärmeschutzverglasung'.repeat(6)}`;
    const note = `Angebot telefonisch besprochen, Kunde will Raffstore dazu ${uniqueSuffix()} ${orderNumber}`;
    await page
      .getByRole('textbox', { name: `Notiz zu Angebot ${offer.belegNumber}` })
      .first()
      .fill(note);
    await page.getByRole('button', { name: 'Notiz speichern' }).first().click();
    const notes = page.getByRole('list', { name: `Notizen zu Angebot ${offer.belegNumber}` });
    await notes.getByText(note).waitFor();
    await expectInside(notes.getByText(note), notes);

    // The Plan-DB with how it was computed.
    const plan = page.getByRole('region', { name: 'Plan-DB' }).or(page.locator('[aria-label="Plan-DB"]'));
    await plan.getByText('Deckungsbeitrag').waitFor();
    await expect.poll(() => plan.textContent()).toMatch(/\d+,\d %/);
    await screenshotToLookAt(page, { path: 'test-results/vorgang-page.png', fullPage: true });

    // A file on the Vorgang.
    await page.getByRole('tab', { name: 'Dateien' }).click();
    // The panel has read the Vorgang's files (none yet) before one is chosen: on a busy machine a file chosen
    // while the tab was still being drawn was lost once.
    await page.getByText('Noch keine Dateien.').waitFor();
    await page.getByLabel('Dateien auswählen').setInputFiles({
      name: 'Aufmass-Wohnzimmer.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4 Aufmaß'),
    });
    await page.getByRole('list', { name: 'Dateien' }).getByText('Aufmass-Wohnzimmer.pdf').waitFor();

    // The timeline holds the note.
    await page.getByRole('tab', { name: 'Timeline' }).click();
    const timeline = page.getByRole('list', { name: 'Timeline des Vorgangs' });
    await timeline.getByText(note).waitFor();
    await expectInside(timeline.getByText(note), timeline);

    // Lost with a reason, in the status history; and back again.
    await page.getByRole('button', { name: 'Verloren' }).click();
    await page.getByRole('combobox', { name: 'Verlustgrund' }).click();
    await page.getByRole('option', { name: 'Mitbewerber' }).click();
    await page.getByRole('button', { name: 'Als verloren markieren' }).click();
    await page.getByText('Grund: Mitbewerber').waitFor();
    // A lost deal reminds nobody: the label stays, no longer due.
    await expect
      .poll(() =>
        page
          .getByRole('button', { name: /^Label / })
          .filter({ hasText: 'fällig' })
          .count(),
      )
      .toBe(0);
    await page.getByRole('tab', { name: 'Statusverlauf' }).click();
    await page.getByRole('table', { name: 'Statusverlauf' }).getByText('Mitbewerber').waitFor();
    await page.getByRole('button', { name: 'Zurückholen' }).click();
    await page.getByRole('table', { name: 'Statusverlauf' }).getByRole('row').nth(2).waitFor();
    await expect.poll(() => page.getByText('Grund: Mitbewerber').count()).toBe(0);
    // The Eigener Status set above is in the Statusverlauf, and the label and the file in the
    // timeline, each with who.
    const history = page.getByRole('table', { name: 'Statusverlauf' });
    await history
      .getByRole('row')
      .filter({ hasText: 'Eigener Status' })
      .filter({ hasText: statusName })
      .waitFor();
    expect(
      await history.getByRole('row').filter({ hasText: 'Eigener Status' }).first().textContent(),
    ).toContain('Victor Verkauf');
    await page.getByRole('tab', { name: 'Timeline' }).click();
    await timeline.getByText('Datei „Aufmass-Wohnzimmer.pdf“ hochgeladen').waitFor();
    await timeline.getByText(/^Label „.+“: Fälligkeit .* → 15\.01\.2027$/).waitFor();
    // Another Verkäufer, chosen in place, is in the timeline with both names.
    const sellerBefore = (await page.getByRole('combobox', { name: 'Verkäufer' }).textContent())!.trim();
    await page.getByRole('combobox', { name: 'Verkäufer' }).click();
    // Only active people with customer access (decided by their groups), those of the Vorgang's branch first,
    // then the others with their branch.
    const offered = await page.getByRole('option').allTextContents();
    expect(offered.filter((name) => /Otto Ohne|Sven Standort/.test(name))).toEqual([]);
    expect(offered.filter((name) => name.startsWith('Lena Leitung'))).toHaveLength(1);
    const others = offered.findIndex((name) => / \(.+\)$/.test(name));
    expect(others).toBeGreaterThan(1);
    expect(offered.slice(others).every((name) => / \(.+\)$/.test(name))).toBe(true);
    expect(offered.slice(others).some((name) => name.endsWith(`(${vorgang.branch})`))).toBe(false);
    const sellerOption = page
      .getByRole('option')
      .filter({ hasNotText: 'Kein Verkäufer' })
      .filter({ hasNotText: sellerBefore })
      .first();
    const sellerName = (await sellerOption.textContent())!.trim().replace(/ \(.+\)$/, '');
    await sellerOption.click();
    await page.getByText(`Verkäufer: ${sellerName}.`).waitFor();
    await timeline.getByText(`Verkäufer: ${sellerBefore} → ${sellerName}`).waitFor();

    // On a new Vorgang (no Eigener Status, its history starts with its creation): the field's
    // label sits above "Ohne Status", not over it, and the first status is "Neu", as people call it.
    const defaults = await api.get<{ sellerUserId: number; branchId: number }>('vorgang/newVorgangDefaults');
    const created = await api.post<{ id: number }>('vorgang/saveNewVorgang', {
      customerId: vorgang.customer.id,
      title: `Verlaufstest ${uniqueSuffix()}`,
      sellerUserId: defaults.sellerUserId,
      branchId: defaults.branchId,
    });
    await navigateInApp(page, `/crm/vorgang/${created.id}`);
    const field = page.getByRole('combobox', { name: 'Eigener Status' });
    const value = await field.getByText('Ohne Status').boundingBox();
    const label = await page.locator('label').filter({ hasText: 'Eigener Status' }).boundingBox();
    const apart =
      label!.y + label!.height <= value!.y ||
      value!.y + value!.height <= label!.y ||
      label!.x + label!.width <= value!.x ||
      value!.x + value!.width <= label!.x;
    expect(apart, `Label ${JSON.stringify(label)} über dem Wert ${JSON.stringify(value)}`).toBe(true);
    await page.getByRole('tab', { name: 'Statusverlauf' }).click();
    const first = page.getByRole('table', { name: 'Statusverlauf' }).getByRole('row').nth(1);
    await expect.poll(() => first.textContent()).toMatch(/StatusNeuAnfrage/);
    await page.context().close();

    // The phone: everything reachable, nothing wider than the screen.
    const phone = await openSignedIn('victor.verkauf', `/crm/vorgang/${vorgang.id}`, PHONE);
    await phone.getByRole('combobox', { name: 'Eigener Status' }).waitFor();
    await phone
      .getByRole('button', { name: /^Label / })
      .first()
      .waitFor();
    await phone.getByRole('tab', { name: 'Belege' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshotToLookAt(phone, { path: 'test-results/vorgang-page-phone.png', fullPage: true });
    // What a seller does on the Vorgang at the house stays under the thumb at the screen's bottom, also with the
    // page scrolled: Besuch erfassen opens for this Vorgang, and "Kunde" leads to its customer.
    await phone.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const bar = phone.getByRole('navigation', { name: 'Aktionen zum Vorgang' });
    const capture = bar.getByRole('button', { name: 'Besuch erfassen' });
    const reach = (await capture.boundingBox())!;
    expect(reach.y + reach.height).toBeGreaterThan(PHONE.height - 80);
    await capture.click();
    const besuch = phone.getByRole('dialog', { name: 'Besuch erfassen' });
    await expect
      .poll(() => besuch.getByRole('combobox', { name: /^Vorgang/ }).textContent())
      .toContain(vorgang.vorgangNumber);
    await besuch.getByRole('button', { name: 'Abbrechen' }).click();
    await bar.getByRole('link', { name: 'Kunde' }).click();
    await phone.waitForURL(/\/crm\/kunden\/\d+\/show$/);
    await phone.context().close();
  });
});

describe('an unknown id on a detail page', () => {
  it("shows the API's message and 'Zurück zur Liste': Vorgang, mistyped Vorgang, customer, an admin entity", async () => {
    const calls: string[] = [];
    const page = await openSignedIn('anna.admin', '/crm/vorgang/99999999', undefined, {
      beforeSignIn: async (p) => {
        p.on('request', (request) => {
          if (request.url().includes('/api/vorgang/getVorgang/99999999')) calls.push(request.url());
        });
      },
    });
    const back = page.getByRole('link', { name: 'Zurück zur Liste' });
    await page.getByRole('heading', { name: 'Der Vorgang wurde nicht gefunden.' }).waitFor();
    await networkQuiet(page);
    // Asked once: a 404 is not asked again (react-query's retries made it four calls and seconds of nothing).
    expect(calls).toHaveLength(1);
    await back.click();
    await page.waitForURL(`${baseUrl}/crm/vorgang`);

    // The next ones followed from inside the app (as a link with a wrong id); the cold load is the first one's.
    await navigateInApp(page, '/crm/vorgang/abc');
    await page.getByRole('heading', { name: 'Der Vorgang wurde nicht gefunden.' }).waitFor();

    // The customer page and a generated edit view: react-admin's getOne failing, the API's words, no jump away.
    for (const [address, message, list] of [
      ['/crm/kunden/99999999/show', 'Kunde wurde nicht gefunden.', '/crm/kunden'],
      ['/crm/admin/labels/99999999', 'Label wurde nicht gefunden.', '/crm/admin/labels'],
    ] as const) {
      await navigateInApp(page, address);
      await page.getByRole('heading', { name: message }).waitFor();
      expect(page.url()).toBe(`${baseUrl}${address}`);
      await back.click();
      await page.waitForURL(`${baseUrl}${list}`);
    }
    await page.context().close();
  });
});
