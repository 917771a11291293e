import type { Page, Response as PageResponse } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCompanyDays,
  companyToday,
  instantOfCompanyDateTime,
  timeZoneOf,
  type TenantKey,
} from '../../src/config/companyTime';
import { OFFICE_JS_URL } from '../../src/auth/outlookPane.rules';
import { apiOf, type BrowserApi } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { networkQuiet } from '../support/networkQuiet';
import { uniqueSuffix } from '../support/uniqueName';

const { baseUrl, openSignedIn } = browserSession();

/** Office.js inside Outlook, stood in: Outlook as the host and the item API of one received mail. */
function standInOffice({ from, pdf }: { from: string; pdf: string }) {
  const ok = <T>(value: T) => ({ status: 'succeeded', value });
  (window as unknown as { Office: unknown }).Office = {
    onReady: () => Promise.resolve({ host: 'Outlook', platform: 'OfficeOnline' }),
    context: {
      mailbox: {
        item: {
          from: { displayName: 'Hans Gruber', emailAddress: from.toUpperCase() },
          subject: 'Fenster im Dachgeschoss',
          dateTimeCreated: new Date('2026-11-27T08:15:00Z'),
          body: {
            getAsync: (_type: string, done: (r: unknown) => void) => done(ok('Bitte um ein Angebot.')),
          },
          attachments: [
            { id: 'a1', name: 'Skizze.pdf', contentType: 'application/pdf', size: 40, isInline: false },
            { id: 'logo', name: 'logo.png', contentType: 'image/png', size: 10, isInline: true },
          ],
          getAttachmentContentAsync: (_id: string, done: (r: unknown) => void) =>
            done(ok({ content: pdf, format: 'base64' })),
        },
      },
    },
  };
  // What Office.js does in some hosts; the app must bring the methods back.
  Object.assign(window.history, { pushState: null, replaceState: null });
}
const PHONE = { width: 390, height: 844 };
// A seller whose browser runs on another continent's clock: the calendar must still show company time.
const ELSEWHERE = 'America/New_York';

interface StandInEvent {
  id: string;
  subject?: string;
  start?: { dateTime?: string };
}

describe('Microsoft 365: connecting, and the calendar whose moves reach Outlook', () => {
  let page: Page;
  let api: BrowserApi;
  let mailbox: string;
  let zone: string;
  let terminDay: string;
  const customerName = `Kalender ${uniqueSuffix()}`;
  // A private customer's address, as most write from (gmx, web.de, aon.at …).
  const customerMail = `kalender.${uniqueSuffix()}@gmx.at`;

  const standInEvents = async () => {
    const answer = await fetch(
      `${baseUrl}/dev-microsoft/_standin/mailbox?mail=${encodeURIComponent(mailbox)}`,
    );
    return ((await answer.json()) as { events: StandInEvent[] }).events.filter((event) =>
      event.subject?.includes(customerName),
    );
  };
  const until = async <T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000) => {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > end) throw new Error(`Nicht eingetreten: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  beforeAll(async () => {
    page = await openSignedIn('victor.verkauf', '/crm/microsoft-365', undefined, { timezoneId: ELSEWHERE });
    api = apiOf(page, baseUrl);
    const { tenant } = await api.get<{ tenant: TenantKey }>('config');
    zone = timeZoneOf(tenant);
    const customer = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      lastName: customerName,
      email: customerMail,
    });
    // Tomorrow 09:00 company time: 03:00 in New York, before the calendar's first hour there.
    terminDay = addCompanyDays(companyToday(zone), 1);
    const start = instantOfCompanyDateTime(`${terminDay}T09:00`, zone).toISOString();
    await api.post('activity/createNewActivity', {
      customerId: customer.id,
      activityType: 'aufmass',
      activityDate: start,
      done: false,
      note: 'Fenster ausmessen',
    });
  });
  afterAll(async () => {
    await api.post('microsoft365/disconnect', {}).catch(() => undefined);
  });

  it('connects through the consent page and writes the Termin to Outlook', async () => {
    // The connection's calls as the page made them: should "Trennen" not come, the failure says what they answered.
    const calls: string[] = [];
    const noteCall = (response: PageResponse) => {
      if (!response.url().includes('/api/microsoft365/')) return;
      void response.text().then(
        (body) =>
          calls.push(`${response.status()} ${new URL(response.url()).pathname} ${body.slice(0, 300)}`),
        () => calls.push(`${response.status()} ${new URL(response.url()).pathname}`),
      );
    };
    page.on('response', noteCall);
    await page.getByRole('button', { name: 'Microsoft 365 verbinden' }).click();
    await page.waitForURL(/\/dev-microsoft\/.*\/authorize/);
    await expect(page.getByText('Calendars.ReadWrite')).toBeTruthy();
    await page.getByRole('button', { name: 'Akzeptieren' }).click();
    await page.waitForURL(`${baseUrl}/crm/microsoft-365`);
    await page
      .getByRole('button', { name: 'Trennen' })
      .waitFor()
      .catch(async (error: Error) => {
        const shown = (
          await page
            .locator('main')
            .innerText()
            .catch(() => '')
        ).slice(0, 600);
        error.message += `\nSeite ${page.url()}: ${shown}\nAufrufe:\n${calls.join('\n')}`;
        throw error;
      })
      .finally(() => page.off('response', noteCall));
    const status = await api.get<{ state: string; mailbox: string }>('microsoft365/status');
    expect(status.state).toBe('verbunden');
    mailbox = status.mailbox;
    await until('der Termin in Outlook', async () => (await standInEvents())[0]);
    await screenshotToLookAt(page, { path: '/tmp/m365shots/connected-1280.png' });
  });

  it('drags a Termin to the next day in the week view (1280 px, browser in New York): company time is kept, Outlook follows', async () => {
    await page.goto(`${baseUrl}/crm/todos/kalender`);
    const event = page.locator('.fc-timegrid-event', { hasText: customerName });
    await page.locator('.fc-timegrid').waitFor();
    await networkQuiet(page);
    // Tomorrow may be next week (on a Sunday).
    if (!(await event.count())) await page.locator('.fc-next-button').click();
    await event.waitFor();
    expect(await page.locator('.fc-timegrid-axis-cushion, .fc-week-number').first().textContent()).toMatch(
      /KW/,
    );
    // Monday first: the first column is a Monday.
    expect(await page.locator('.fc-col-header-cell').first().getAttribute('class')).toContain('fc-day-mon');
    // At 09:00 company time, on its company day, though the browser's clock says 03:00.
    expect(await event.textContent()).toMatch(/^0?9:00 - 10:00/);
    const dayOf = (locator: typeof event) =>
      locator.evaluate((node) => node.closest('.fc-timegrid-col')?.getAttribute('data-date'));
    expect(await dayOf(event)).toBe(terminDay);
    const before = (await standInEvents())[0]!.start!.dateTime!;
    const box = (await event.boundingBox())!;
    const column = (await page.locator('.fc-timegrid-col').nth(1).boundingBox())!;
    // The last day of the week has no next column: then one day back instead.
    const lastColumn = (await page.locator('.fc-timegrid-col').last().boundingBox())!;
    const step = box.x + column.width > lastColumn.x + lastColumn.width ? -column.width : column.width;
    await page.mouse.move(box.x + box.width / 2, box.y + 5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + step / 2, box.y + 5, { steps: 5 });
    await page.mouse.move(box.x + box.width / 2 + step, box.y + 5, { steps: 5 });
    await page.mouse.up();
    await page.getByText(/Termin verschoben auf/).waitFor();
    const after = await until('das Outlook-Ereignis verschoben', async () => {
      const start = (await standInEvents())[0]?.start?.dateTime;
      return start && start !== before ? start : undefined;
    });
    // One company day over, still 09:00 company time (the stand-in keeps UTC).
    const movedTo = addCompanyDays(terminDay, step > 0 ? 1 : -1);
    expect(new Date(`${after}Z`).toISOString()).toBe(
      instantOfCompanyDateTime(`${movedTo}T09:00`, zone).toISOString(),
    );
    expect(await dayOf(page.locator('.fc-timegrid-event', { hasText: customerName }))).toBe(movedTo);
    await page.getByText(`Termin verschoben auf ${movedTo.split('-').reverse().join('.')} 09:00.`).waitFor();
    await screenshotToLookAt(page, { path: '/tmp/m365shots/calendar-1280.png' });

    // A Montage at 05:30 lies before the working hours: the week widens to it instead of leaving it out.
    const early = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      lastName: `Frühmontage mit einem langen Namen ${uniqueSuffix()}`,
    });
    await api.post('activity/createNewActivity', {
      customerId: early.id,
      activityType: 'aufmass',
      activityDate: instantOfCompanyDateTime(`${movedTo}T05:30`, zone).toISOString(),
      done: false,
    });
    await page.reload();
    await page.locator('.fc-timegrid').waitFor();
    await networkQuiet(page);
    if (!(await event.count())) await page.locator('.fc-next-button').click();
    const earlyEvent = page.locator('.fc-timegrid-event', { hasText: 'Frühmontage' });
    await earlyEvent.waitFor();
    expect(await earlyEvent.textContent()).toMatch(/^0?5:30 - 0?6:30/);
    // In the month every Termin's line ends within its day, not over the next day's Termine.
    await page.getByRole('button', { name: 'Monat', exact: true }).click();
    await page.locator('.fc-daygrid-event', { hasText: 'Frühmontage' }).waitFor();
    const spilling = await page
      .locator('.fc-daygrid-event')
      .evaluateAll((links) =>
        links.filter((link) => link.scrollWidth > link.clientWidth + 1).map((link) => link.textContent),
      );
    expect(spilling).toEqual([]);
    await screenshotToLookAt(page, { path: '/tmp/m365shots/calendar-month-1280.png' });
    await page.getByRole('button', { name: 'Woche', exact: true }).click();
  });

  it('on a phone (390 px, touch) the day as a list: "Verschieben" moves a Termin, Outlook follows; offline it waits, a change meanwhile is a conflict to decide', async () => {
    const phone = await openSignedIn('victor.verkauf', '/crm/todos/kalender', PHONE, { touch: true });
    try {
      await phone.locator('.fc-list, .fc-list-empty').first().waitFor();
      expect(await phone.locator('.fc-timegrid').count()).toBe(0);
      // The Termin's day: forward until it shows (it is within two days).
      for (let i = 0; i < 3 && !(await phone.getByText(customerName).count()); i += 1) {
        await phone.locator('.fc-next-button').click();
        await phone.waitForTimeout(300);
      }
      const row = phone.locator('.fc-list-event', { hasText: customerName });
      await row.waitFor();
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // A thumb's target: the whole row, at least 44 px high.
      expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/calendar-390.png' });

      const standInStart = async () => (await standInEvents())[0]?.start?.dateTime;
      const before = await standInStart();
      const moveTo = async (time: string) => {
        await row.tap();
        const sheet = phone.getByRole('dialog', { name: 'Termin verschieben' });
        const day = await sheet.getByLabel('Datum').inputValue();
        await sheet.getByLabel('Uhrzeit').fill(time);
        await screenshotToLookAt(phone, {
          path: `/tmp/m365shots/calendar-390-sheet-${time.replace(':', '')}.png`,
        });
        await sheet.getByRole('button', { name: 'Verschieben' }).tap();
        await sheet.waitFor({ state: 'hidden' });
        return instantOfCompanyDateTime(`${day}T${time}`, zone).toISOString();
      };
      const inOutlook = (instant: string) =>
        until(`das Outlook-Ereignis um ${instant}`, async () => {
          const start = await standInStart();
          return start && new Date(`${start}Z`).toISOString() === instant ? start : undefined;
        });

      const first = await moveTo('11:30');
      await phone.getByText(/Termin verschoben auf \d\d\.\d\d\.\d{4} 11:30\./).waitFor();
      expect(await inOutlook(first)).not.toBe(before);
      await row.getByText('11:30').waitFor();

      // Without network the move waits in the outbox; the Termin shows where it goes, marked "wartet".
      await phone.context().setOffline(true);
      const offline = await moveTo('14:00');
      await row.getByText('– wartet').waitFor();
      await row.getByText('14:00').waitFor();
      await phone.getByRole('status').filter({ hasText: 'Offline – 1 Änderung wartet' }).waitFor();
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/calendar-390-offline.png' });
      // A colleague moves the same Termin meanwhile.
      const { rows } = await api.get<{ rows: { id: number; version: number; customerName: string }[] }>(
        `calendar/termine?from=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 5 * 86_400_000).toISOString())}`,
      );
      const termin = rows.find((one) => one.customerName === customerName)!;
      const colleague = instantOfCompanyDateTime(`${offline.slice(0, 10)}T16:00`, zone).toISOString();
      await api.post('calendar/moveTermin', { id: termin.id, version: termin.version, start: colleague });
      await phone.context().setOffline(false);
      const conflict = phone.getByRole('dialog', { name: /Inzwischen geändert/ });
      await conflict.getByText(/verschoben auf \d\d\.\d\d\.\d{4} 14:00/).waitFor();
      await conflict.getByText(/am \d\d\.\d\d\.\d{4} 16:00/).waitFor();
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/calendar-390-conflict.png' });
      await conflict.getByRole('button', { name: 'Meine Änderung übernehmen' }).tap();
      await conflict.waitFor({ state: 'hidden' });
      await inOutlook(offline);
      await row.getByText('14:00').waitFor();
      await row.getByText('– wartet').waitFor({ state: 'detached' });
    } finally {
      await phone.context().close();
    }
  });

  it("a lead on a phone sees her sellers' connections within the screen", async () => {
    const phone = await openSignedIn('lena.leitung', '/crm/microsoft-365', PHONE, { touch: true });
    try {
      const table = phone.getByRole('table', { name: 'Verbindungen Ihrer Verkäufer' });
      await table.getByText('Victor Verkauf').waitFor();
      await table.getByText('Verbunden', { exact: true }).waitFor();
      // Every cell, the last synchronisation and the reason included, inside the 390 px (not cut off by the card).
      const past = await table
        .locator('th, td')
        .evaluateAll((cells) =>
          cells.filter((cell) => cell.getBoundingClientRect().right > 390).map((cell) => cell.textContent),
        );
      expect(past).toEqual([]);
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/team-390.png', fullPage: true });
    } finally {
      await phone.context().close();
    }
  });

  it("Mein Tag on a phone (light and full page) shows the seller's Outlook meeting with a customer today, in company time", async () => {
    await api.put('microsoft365/settings', { showCustomerMeetings: true });
    const subject = `Fensterberatung ${uniqueSuffix()}`;
    const start = instantOfCompanyDateTime(`${companyToday(zone)}T12:30`, zone);
    const made = await fetch(`${baseUrl}/dev-microsoft/_standin/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        mail: mailbox,
        subject,
        start: start.toISOString(),
        end: new Date(start.getTime() + 3_600_000).toISOString(),
        // Matched whatever the case of the address in Outlook.
        attendee: customerMail.toUpperCase(),
      }),
    });
    expect(made.status).toBe(200);
    await until(
      'das Kundentreffen in Mein Tag',
      async () =>
        (
          await api.get<{ meetings?: { subject: string | null }[] }>('dashboard/getMyDayAppointments')
        ).meetings?.find((meeting) => meeting.subject === subject),
      40_000,
    );
    // The browser is in New York: Mein Tag still shows 12:30 company time.
    const phone = await openSignedIn('victor.verkauf', '/crm/dashboard', PHONE, {
      touch: true,
      timezoneId: ELSEWHERE,
    });
    try {
      const termine = phone.getByRole('region', { name: 'Termine heute' });
      await termine.getByText(`12:30–13:30 · ${subject}`).waitFor();
      await termine.getByRole('link', { name: customerName }).waitFor();
      await termine.getByText('Aus Outlook · dort verschieben').waitFor();
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/mein-tag-meeting-light-390.png' });
      // The full page (after the hand-over, as with a scope in the address) shows it too.
      await phone.goto(`${baseUrl}/crm/dashboard?scope=mine`);
      const full = phone.getByRole('region', { name: 'Termine heute' });
      await full.getByText(`12:30–13:30 · ${subject}`).waitFor();
      await full.getByRole('link', { name: customerName }).waitFor();
      await screenshotToLookAt(phone, { path: '/tmp/m365shots/mein-tag-meeting-full-390.png' });
    } finally {
      await phone.context().close();
    }
  });

  it('the Outlook side panel (Office.js stood in) files the open mail with its attachment on the customer', async () => {
    const address = `${customerName.replace(/\s+/g, '.').toLowerCase()}@gmx.at`;
    const customer = await api.post<{ id: number }>('kunde/saveNewCustomer', {
      lastName: `Seitenleiste ${uniqueSuffix()}`,
      email: address,
    });
    const pane = await page.context().newPage();
    await pane.setViewportSize({ width: 350, height: 700 });
    // Office.js as the CDN would send it inside Outlook, stood in: the host and the item API for one received mail.
    // The page asks for it itself (the server puts it in the pane's head, its CSP allows that host there only).
    const officeJs: string[] = [];
    await pane.route(OFFICE_JS_URL, (route) => {
      officeJs.push(route.request().url());
      return route.fulfill({
        contentType: 'text/javascript',
        body: `(${standInOffice.toString()})(${JSON.stringify({
          from: address,
          pdf: Buffer.from('%PDF-1.4\n% Skizze\n%%EOF\n').toString('base64'),
        })});`,
      });
    });
    await pane.goto(`${baseUrl}/crm/outlook`);
    await pane.getByRole('heading', { name: new RegExp('Seitenleiste') }).waitFor();
    await pane.getByText('Keines').waitFor();
    await pane.getByRole('button', { name: 'E-Mail ablegen' }).click();
    await pane.getByText('Abgelegt beim Kunden mit 1 Anhang.').waitFor();
    expect(officeJs).toEqual([OFFICE_JS_URL]);
    // Outlook's task pane is about 350 px wide: nothing of the page reaches past it.
    expect(await pane.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(350);
    const avatar = (await pane.getByRole('button', { name: 'Profil' }).boundingBox())!;
    expect(avatar.x + avatar.width).toBeLessThanOrEqual(350);
    await screenshotToLookAt(pane, { path: '/tmp/m365shots/outlook-pane.png' });
    const activities = await api.get<{ data: { id: number; activityType: string; note: string }[] }>(
      `kunde/getActivitiesForCustomer?page=1&perPage=10&sort=id&order=DESC&filter=${encodeURIComponent(
        JSON.stringify({ customerId: customer.id }),
      )}`,
    );
    const filed = activities.data.find((row) => row.activityType === 'email')!;
    expect(filed.note).toContain('E-Mail von Hans Gruber');
    expect(filed.note).toContain('Bitte um ein Angebot.');
    const files = await api.get<{ name: string }[]>(`activity/getFiles/${filed.id}`);
    expect(files.map((file) => file.name)).toEqual(['Skizze.pdf']);
    await pane.close();
  });
});
