import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../src/config/companyTime';
import { periodRange } from '../../src/resources/nps/npsPeriod.rules';
import type { NpsStatistics } from '../../src/resources/nps/npsTypes';
import { seriousViolations } from '../support/axe';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn, openPage } = browserSession();
const PHONE = { width: 390, height: 844 };

// This file's own customer, with a Betreuer, so its answers and todos are told apart from the demo data.
const lastName = `Zufriedl${uniqueSuffix()}`;

type Row = Record<string, unknown>;
const npsOf = (s: NpsStatistics['overall']) =>
  s.count === 0
    ? null
    : Math.sign(s.promoters - s.detractors) *
      Math.round(Math.abs((100 * (s.promoters - s.detractors)) / s.count));
const formatNps = (nps: number | null) => (nps === null ? '–' : nps > 0 ? `+${nps}` : String(nps));

// Typed as the app shows the name ("Zufriedl…, Olga") or as people say it ("Olga Zufriedl…"): the Kunden
// list's search rule in every picker.
async function pickCustomer(page: Page, typed = lastName) {
  await page.getByRole('combobox', { name: 'Kunde' }).fill(typed);
  await page.getByRole('option', { name: new RegExp(lastName) }).click();
}

describe('NPS as lena.leitung', () => {
  it('captures a 3 with a comment: in the list, the statistics move, a todo for the Betreuer', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/nps');
    const api = apiOf(page, baseUrl);
    const { sellers } = await api.get<{ sellers: { id: number; name: string }[] }>('nps/filterOptions');
    const betreuer = sellers[0]!;
    const customer = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      salutation: 'Frau',
      lastName,
      firstName: 'Olga',
      email: `${lastName.toLowerCase()}@example.at`,
      ownerUserId: betreuer.id,
    });
    // The page opens on the last 12 months of the company's calendar (Strussnig: Vienna).
    const { from, to } = periodRange('last12', companyToday('Europe/Vienna'));
    const before = await api.get<NpsStatistics>(`nps/statisticsv2?from=${from}&to=${to}`);

    await page.getByRole('button', { name: 'Antwort erfassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'NPS-Antwort erfassen' });
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await dialog.getByText('Bitte wählen Sie einen Kunden.').waitFor();
    await dialog.getByText('Bitte wählen Sie eine Bewertung von 0 bis 10.').waitFor();
    // A field's red error goes as soon as the field is filled, not only on the next save.
    await pickCustomer(page, `${lastName}, Olga`);
    await expect.poll(() => dialog.getByText('Bitte wählen Sie einen Kunden.').count()).toBe(0);
    await dialog.getByText('Bitte wählen Sie eine Bewertung von 0 bis 10.').waitFor();
    await dialog.getByRole('button', { name: '3 von 10' }).click();
    await expect
      .poll(() => dialog.getByText('Bitte wählen Sie eine Bewertung von 0 bis 10.').count())
      .toBe(0);
    await dialog.getByRole('textbox', { name: 'Kommentar' }).fill('Niemand hat zurückgerufen.');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Der Betreuer hat die Aufgabe „Kunde anrufen“ bekommen.').waitFor();

    const row = page.getByRole('row', { name: new RegExp(lastName) });
    await row.getByText('Niemand hat zurückgerufen.').waitFor();
    await row.getByText(new RegExp(`^Offen bis \\d{2}\\.\\d{2}\\.\\d{4} · ${betreuer.name}$`)).waitFor();

    // The statistics as computed: one more answer, one more detractor.
    const expected = {
      ...before.overall,
      count: before.overall.count + 1,
      detractors: before.overall.detractors + 1,
    };
    await page.getByRole('tab', { name: 'Statistik' }).click();
    await page.getByText(`aus ${expected.count.toLocaleString('de-DE')} Antworten`).waitFor();
    expect(await page.getByText(formatNps(npsOf(expected)), { exact: true }).count()).toBeGreaterThan(0);
    await page.getByText('„Niemand hat zurückgerufen.“').waitFor();

    // The todo: an open call, due today, for the Betreuer, on the customer's timeline.
    const timeline = await api.get<{ items: Row[] }>(`kunde/getTimelineForCustomer/${customer.id}`);
    const todo = timeline.items.find((item) => item.kind === 'aktivitaet')!;
    expect(todo).toMatchObject({
      text: 'NPS 3: Kunde anrufen\n„Niemand hat zurückgerufen.“',
      author: betreuer.name,
    });
    expect(todo.details).toMatchObject({ type: 'anruf', done: false });
    expect(timeline.items.some((item) => item.kind === 'nps')).toBe(true);
    await screenshotToLookAt(page, { path: 'test-results/nps-statistik.png', fullPage: true });
    await page.context().close();
  });

  it('sends a survey; the customer answers signed out on a phone, then the link is used up', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/nps');
    await page.getByRole('button', { name: 'Umfrage senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'NPS-Umfrage senden' });
    await pickCustomer(page, `Olga ${lastName}`);
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Text' }).inputValue())
      .toContain('{{Umfrage-Link}}');
    await dialog.getByRole('button', { name: 'Umfrage senden' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Persönlicher Umfrage-Link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/umfrage/[A-Za-z0-9_-]{43}$`));

    const customerPage = await openPage(PHONE);
    // A cut-off link gets the same friendly text as any other bad link (was "token: mindestens 20 Zeichen").
    await customerPage.goto(`${baseUrl}/umfrage/abc123`);
    await customerPage.getByText('Dieser Umfrage-Link ist nicht mehr gültig').waitFor();
    expect(await customerPage.getByText(/mindestens|token/i).count()).toBe(0);
    await customerPage.goto(link);
    // Sie-form, as the mail ("Sehr geehrte Frau …"): not the first name.
    await customerPage.getByRole('heading', { name: `Guten Tag, Frau ${lastName}!` }).waitFor();
    await phoneLayoutOfSurvey(customerPage);
    // At 1280 px the scale is one row, 0 to 10 (the same page, wider).
    await customerPage.setViewportSize({ width: 1280, height: 800 });
    const [zero, ten] = await Promise.all(
      ['0 von 10', '10 von 10'].map(
        async (name) => (await customerPage.getByRole('button', { name, exact: true }).boundingBox())!,
      ),
    );
    expect(ten.y).toBe(zero.y);
    await screenshotToLookAt(customerPage, { path: 'test-results/nps-umfrage-desk.png' });
    await customerPage.setViewportSize(PHONE);
    expect(await customerPage.content()).not.toContain('Olga');
    expect(await seriousViolations(customerPage)).toEqual([]);
    await customerPage.getByRole('button', { name: '10 von 10' }).click();
    await customerPage.getByRole('textbox', { name: /wichtigste Grund/ }).fill('Schnell und sauber.');
    await customerPage.getByRole('button', { name: 'Antwort senden' }).click();
    await customerPage.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    await screenshotToLookAt(customerPage, { path: 'test-results/nps-umfrage-danke.png' });
    await customerPage.reload();
    await customerPage.getByText('Dieser Umfrage-Link ist nicht mehr gültig').waitFor();
    await customerPage.context().close();

    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await page.reload();
    const row = page.getByRole('row', { name: new RegExp(`${lastName}.*Schnell und sauber`) });
    await row.getByText('Online-Umfrage').waitFor();
    await page.context().close();
  });
});

// The survey page at 390 px: the tenant's logo, its colour on the button, a legend that does not run together.
async function phoneLayoutOfSurvey(page: Page) {
  const logo = page.getByRole('img', { name: /^Logo/ });
  await logo.waitFor();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
  const send = page.getByRole('button', { name: 'Antwort senden' });
  expect(await send.evaluate((button) => getComputedStyle(button).backgroundColor)).not.toBe(
    'rgb(25, 118, 210)', // MUI's default blue
  );
  // The legend's two ends apart and one line each, also with the phone's text set larger (root font 20 px).
  for (const rootFont of ['16px', '20px']) {
    await page.evaluate((size) => (document.documentElement.style.fontSize = size), rootFont);
    const low = (await page.getByText('0 = gar nicht wahrscheinlich').boundingBox())!;
    const high = (await page.getByText('10 = äußerst wahrscheinlich').boundingBox())!;
    const apart = low.x + low.width + 8 <= high.x || low.y + low.height <= high.y;
    expect(apart, `${rootFont}: ${JSON.stringify(low)} / ${JSON.stringify(high)}`).toBe(true);
    for (const box of [low, high]) {
      expect(box.height, rootFont).toBeLessThan(30); // one line each
      expect(box.x + box.width, rootFont).toBeLessThanOrEqual(PHONE.width);
    }
    if (rootFont === '20px')
      await screenshotToLookAt(page, { path: 'test-results/nps-umfrage-phone-large-text.png' });
  }
  await page.evaluate(() => (document.documentElement.style.fontSize = ''));
  for (const score of ['0 von 10', '10 von 10']) {
    const box = (await page.getByRole('button', { name: score, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await screenshotToLookAt(page, { path: 'test-results/nps-umfrage-phone.png', fullPage: true });
}

describe('NPS on the dashboard', () => {
  // The card's figure and count are the Statistik's for its link (same period and scope).
  it("links victor's NPS card to the Statistik that shows the same figure", async () => {
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    // Answers of victor's own customer today (a 9 and a 4), so the card has figures to compare.
    const api = apiOf(page, baseUrl);
    const { owner } = await api.get<{ owner: { sellerId: number } }>('dashboard/getFigures');
    const mine = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      lastName: `${lastName}V`,
      ownerUserId: owner.sellerId,
    });
    for (const score of [9, 4]) {
      await api.post('nps/save/', {
        customerId: mine.id,
        score,
        channel: 'telefon',
        answeredOn: companyToday('Europe/Vienna'),
      });
    }
    await page.reload();
    const card = page.getByRole('link', { name: /NPS \(90 Tage\)/ });
    await card.waitFor();
    const [, value] = (await card.innerText())
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const count = Number(/(\d+) Antwort/.exec(await card.innerText())![1]);
    await screenshotToLookAt(page, { path: 'test-results/nps-dashboard-card.png' });
    await card.click();
    await page.waitForURL(/\/crm\/nps\?.*ansicht=statistik/);
    await page.getByRole('tab', { name: 'Statistik', selected: true }).waitFor();
    const figure = page.locator('.MuiCard-root', { hasText: /^NPS/ }).filter({ hasText: 'aus ' });
    await figure.getByText(`aus ${count} ${count === 1 ? 'Antwort' : 'Antworten'}`).waitFor();
    expect(await figure.locator('.MuiTypography-h4').innerText()).toBe(value);
    await page.getByRole('combobox', { name: 'Zeitraum' }).getByText('Eigener Zeitraum').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/nps-dashboard-statistik.png', fullPage: true });
    await page.context().close();
  });
});

describe('NPS access', () => {
  it('shows the menu entry to victor.verkauf, not to bernd.berger (no APP_NPS)', async () => {
    const victor = await openSignedIn('victor.verkauf', '/crm/nps');
    await victor.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'NPS' }).waitFor();
    await victor.getByRole('tab', { name: 'Antworten' }).waitFor();
    await victor.context().close();
    const bernd = await openSignedIn('bernd.berger', '/crm/kunden', undefined, { landsOn: /\/crm\// });
    const menu = bernd.getByRole('navigation', { name: 'Hauptmenü' });
    await menu.getByRole('link', { name: 'Kunden' }).waitFor();
    expect(await menu.getByRole('link', { name: 'NPS' }).count()).toBe(0);
    await bernd.context().close();
  });
});
