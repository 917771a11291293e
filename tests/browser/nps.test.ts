import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { companyToday } from '../../src/config/companyTime';
import { periodRange } from '../../src/resources/nps/npsPeriod.rules';
import type { NpsStatistics } from '../../src/resources/nps/npsTypes';
import { seriousViolations } from '../support/axe';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
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

async function pickCustomer(page: Page) {
  await page.getByRole('combobox', { name: 'Kunde' }).fill(lastName);
  await page.getByRole('option', { name: new RegExp(lastName) }).click();
}

describe('NPS as lena.leitung', () => {
  it('captures a 3 with a comment: in the list, the statistics move, a todo for the Betreuer', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/nps');
    const api = apiOf(page, baseUrl);
    const { sellers } = await api.get<{ sellers: { id: number; name: string }[] }>('nps/filterOptions');
    const betreuer = sellers[0]!;
    const customer = await api.post<{ id: number }>('kunde/saveNewCustomer', {
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
    await pickCustomer(page);
    await dialog.getByRole('button', { name: '3 von 10' }).click();
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
    await page.screenshot({ path: 'test-results/nps-statistik.png', fullPage: true });
    await page.context().close();
  });

  it('sends a survey; the customer answers signed out on a phone, then the link is used up', async () => {
    const page = await openSignedIn('lena.leitung', '/crm/nps');
    await page.getByRole('button', { name: 'Umfrage senden' }).click();
    const dialog = page.getByRole('dialog', { name: 'NPS-Umfrage senden' });
    await pickCustomer(page);
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Text' }).inputValue())
      .toContain('{{Umfrage-Link}}');
    await dialog.getByRole('button', { name: 'Umfrage senden' }).click();
    const link = await dialog.getByRole('textbox', { name: 'Persönlicher Umfrage-Link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/umfrage/[A-Za-z0-9_-]{43}$`));

    const customerPage = await openPage(PHONE);
    await customerPage.goto(link);
    await customerPage.getByRole('heading', { name: 'Guten Tag, Olga!' }).waitFor();
    expect(await customerPage.content()).not.toContain(lastName);
    expect(await seriousViolations(customerPage)).toEqual([]);
    await customerPage.getByRole('button', { name: '10 von 10' }).click();
    await customerPage.getByRole('textbox', { name: /wichtigste Grund/ }).fill('Schnell und sauber.');
    await customerPage.getByRole('button', { name: 'Antwort senden' }).click();
    await customerPage.getByRole('heading', { name: 'Vielen Dank!' }).waitFor();
    await customerPage.screenshot({ path: 'test-results/nps-umfrage-danke.png' });
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
