import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiOf, type BrowserApi } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { screenshotToLookAt } from '../support/screenshotToLookAt';
import { navigateInApp } from '../support/navigateInApp';
import { uniqueSuffix } from '../support/uniqueName';
import { noConditions } from '../../src/resources/automation/automationTypes';
import { openDatabase } from '../../server/platform/db/database';
import { productUnderTest } from '../support/productUnderTest';

const { baseUrl, openSignedIn } = browserSession();
const VICTOR_OID = '5b0a3c1e-7d1f-4e0a-9a11-0000000a0003';

describe("my day: the dashboard's Heute, Todos and Fällige Labels", () => {
  let page: Page;
  let api: BrowserApi;
  let victorId: number;
  let today: string;
  let customerId: number;
  let labelId: number;
  const todayNote = `Rückruf zum Angebot ${uniqueSuffix()}`;
  const tomorrowNote = `Aufmaß vorbereiten ${uniqueSuffix()}`;
  const labelName = `Heute fällig ${uniqueSuffix()}`;
  const customerName = `Tagesplan ${uniqueSuffix()}`;

  beforeAll(async () => {
    // The label is made by an admin (labels are Stammdaten); "fällig nach 0 Tagen" makes it due today.
    const admin = await openSignedIn('anna.admin', '/crm/dashboard');
    const label = await apiOf(admin, baseUrl).post<{ id: number }>('label/putLabel', {
      name: labelName,
      color: '#1565c0',
      dueAfterDays: 0,
    });
    await admin.context().close();
    labelId = label.id;

    page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    api = apiOf(page, baseUrl);
    const colleagues = await api.get<{ id: number; azureOid: string }[]>('user/usersInMyGroup');
    victorId = colleagues.find((user) => user.azureOid === VICTOR_OID)!.id;
    today = (await api.get<{ today: string }>('todo/getTodos')).today;
    const customer = await api.post<{ id: number; version: number }>('kunde/saveNewCustomer', {
      lastName: customerName,
    });
    customerId = customer.id;
    const owned = await api.post<{ version: number }>('kunde/updateCustomerField', {
      id: customer.id,
      version: customer.version,
      field: 'ownerUserId',
      value: victorId,
    });
    await api.post('kunde/updateCustomerField', {
      id: customer.id,
      version: owned.version,
      field: 'labelIds',
      value: [label.id],
    });
    const tomorrow = new Date(`${today}T12:00:00Z`);
    tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
    for (const [note, dueDate] of [
      [todayNote, today],
      [tomorrowNote, tomorrow.toISOString().slice(0, 10)],
    ]) {
      await api.post('activity/createNewActivity', {
        customerId,
        activityType: 'anruf',
        activityDate: new Date().toISOString(),
        dueDate,
        done: false,
        note,
      });
    }
  });

  it('draws the charts, asking for their data only once the Kennzahlen have come', async () => {
    const fresh = await page.context().newPage();
    const events: string[] = [];
    fresh.on('request', (request) => {
      if (request.url().includes('/api/activity/getUserActivitiesChartData')) events.push('charts asked');
    });
    fresh.on('response', (response) => {
      if (response.url().includes('/api/dashboard/getFigures')) events.push('figures answered');
    });
    try {
      await fresh.goto(`${baseUrl}/crm/dashboard`);
      await fresh.getByRole('region', { name: 'Aktivitäten je Woche' }).locator('svg').first().waitFor();
      await fresh.getByRole('region', { name: 'Umsatz gegen Zielkurve' }).locator('svg').first().waitFor();
      expect(events).toEqual(['figures answered', 'charts asked']);
    } finally {
      await fresh.close();
    }
  });

  it('marks a todo done on the dashboard: gone there and in Todos', async () => {
    await page.goto(`${baseUrl}/crm/dashboard`);
    const heute = page.getByRole('region', { name: 'Heute' });
    const row = heute.locator('li', { hasText: todayNote });
    await row.waitFor();
    await row.getByRole('button', { name: 'Anruf erledigt' }).click();
    await page.getByText('Als erledigt markiert.').waitFor();
    await row.waitFor({ state: 'detached' });
    await navigateInApp(page, '/crm/todos');
    await page.getByRole('region', { name: 'Morgen' }).locator('li', { hasText: tomorrowNote }).waitFor();
    expect(await page.locator('li', { hasText: todayNote }).count()).toBe(0);
  });

  it('makes a todo with "Neues Todo" and moves it to a chosen day, both typed as dd.MM.yyyy', async () => {
    // The browser's own date field would show its language's order (mm/dd/yyyy in this English Chromium).
    const inDays = (days: number) => {
      const day = new Date(`${today}T12:00:00Z`);
      day.setUTCDate(day.getUTCDate() + days);
      const [year, month, date] = day.toISOString().slice(0, 10).split('-');
      return `${date}.${month}.${year}`;
    };
    const typeDay = async (scope: Locator, day: string) => {
      const field = scope.getByRole('group', { name: 'Fällig am' });
      await field.getByRole('spinbutton').first().click();
      await page.keyboard.type(day.replaceAll('.', ''));
      expect(await field.textContent()).toContain(day);
    };
    const note = `Glasmaße nachfragen ${uniqueSuffix()}`;
    await navigateInApp(page, '/crm/todos');
    await page.getByRole('button', { name: 'Neues Todo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Todo' });
    // Words in another order, with a comma: every customer picker searches as the Kunden list does.
    await dialog.getByRole('combobox', { name: 'Kunde' }).fill(customerName.split(' ').reverse().join(', '));
    await page.getByRole('option', { name: new RegExp(customerName) }).click();
    await typeDay(dialog, inDays(20));
    await dialog.getByRole('textbox', { name: 'Notiz' }).fill(note);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Todo angelegt.').waitFor();
    const row = page.locator('li', { hasText: note });
    await row.getByText(`fällig ${inDays(20)}`).waitFor();

    await row.getByRole('button', { name: 'Anruf verschieben' }).click();
    await page.getByRole('menuitem', { name: 'Datum wählen …' }).click();
    const postpone = page.getByRole('dialog', { name: 'Neue Fälligkeit' });
    await typeDay(postpone, inDays(27));
    await postpone.getByRole('button', { name: 'Verschieben' }).click();
    await row.getByText(`fällig ${inDays(27)}`).waitFor();
  });

  it('Fällige Labels: a label due today is under Heute, gone when marked done, back on undo', async () => {
    await navigateInApp(page, '/crm/vorgang/faellig');
    const heute = page.getByRole('region', { name: 'Heute' });
    const row = heute.locator('li', { hasText: labelName });
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('KUNDE');
    await row.getByRole('button', { name: `${labelName} erledigt` }).click();
    await row.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Rückgängig' }).click();
    await heute.locator('li', { hasText: labelName }).waitFor();
    await heute
      .locator('li', { hasText: labelName })
      .getByRole('button', { name: `${labelName} erledigt` })
      .click();
    await heute.locator('li', { hasText: labelName }).waitFor({ state: 'detached' });
    const left = await api.get<{ items: { title: string }[] }>('vorgang/getVorgangsFaellig');
    expect(left.items.map((item) => item.title)).not.toContain(labelName);
  });

  it('Fällige Labels: two ticked labels are moved by a week together, as one job with its report', async () => {
    const names = [`Sammel A ${uniqueSuffix()}`, `Sammel B ${uniqueSuffix()}`];
    for (const lastName of names) {
      const made = await api.post<{ id: number; version: number }>('kunde/saveNewCustomer', { lastName });
      const owned = await api.post<{ version: number }>('kunde/updateCustomerField', {
        id: made.id,
        version: made.version,
        field: 'ownerUserId',
        value: victorId,
      });
      await api.post('kunde/updateCustomerField', {
        id: made.id,
        version: owned.version,
        field: 'labelIds',
        value: [labelId],
      });
    }
    await page.goto(`${baseUrl}/crm/vorgang/faellig`);
    const heute = page.getByRole('region', { name: 'Heute' });
    for (const name of names) {
      await heute.getByRole('checkbox', { name: `${labelName} (${name}) auswählen` }).check();
    }
    const bar = page.getByRole('region', { name: 'Auswahl bearbeiten' });
    await bar.getByText('2 ausgewählt').waitFor();
    expect(await bar.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Mail senden', 'Excel-Export']),
    );
    await bar.getByRole('button', { name: 'Verschieben' }).click();
    const dialog = page.getByRole('dialog', { name: 'Fälligkeit verschieben' });
    await dialog.getByRole('button', { name: '+1 Woche' }).click();
    await dialog.getByRole('button', { name: '2 ändern' }).click();
    await dialog.getByText('Fertig: 2 von 2 bearbeitet, 2 verschoben.').waitFor();
    await screenshotToLookAt(page, { path: 'test-results/faellige-labels-sammelaktion.png' });
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await heute.locator('li', { hasText: names[0] }).waitFor({ state: 'detached' });
    const due = await api.get<{ items: { customerName: string; dueDate: string }[] }>(
      'vorgang/getVorgangsFaellig',
    );
    const inAWeek = new Date(`${today}T12:00:00Z`);
    inAWeek.setUTCDate(inAWeek.getUTCDate() + 7);
    expect(due.items.filter((item) => names.includes(item.customerName)).map((item) => item.dueDate)).toEqual(
      [inAWeek.toISOString().slice(0, 10), inAWeek.toISOString().slice(0, 10)],
    );
  });

  it("a lead sees the branch's and a colleague's todos", async () => {
    const lead = await openSignedIn('lena.leitung', `/crm/todos?scope=user&userId=${victorId}`);
    const row = lead.getByRole('region', { name: 'Morgen' }).locator('li', { hasText: tomorrowNote });
    await row.waitFor();
    expect(await row.innerText()).toContain('Victor Verkauf');
    await navigateInApp(lead, '/crm/dashboard?scope=branch');
    await lead.getByRole('heading', { name: 'Filiale', level: 1 }).waitFor();
    await lead.getByRole('heading', { name: 'Kennzahlen' }).waitFor();
    await lead.getByText('Offene Angebote', { exact: true }).waitFor();
    await lead.context().close();
  });

  it('a seller cannot switch to the branch (no switch, and the server says 403)', async () => {
    await navigateInApp(page, '/crm/todos?scope=branch');
    await page.locator('li', { hasText: tomorrowNote }).waitFor();
    expect(await page.getByRole('button', { name: 'Filiale' }).count()).toBe(0);
    await expect(api.get('todo/getTodos?scope=branch')).rejects.toThrow('403');
  });
  it('Heute on the dashboard shows the first 10 overdue and counts them all; Todos shows every one', async () => {
    const yesterday = new Date(`${today}T12:00:00Z`);
    yesterday.setUTCDate(yesterday.getUTCDate() - 1);
    const note = `Überfällig ${uniqueSuffix()}`;
    for (let i = 0; i < 11; i++) {
      await api.post('activity/createNewActivity', {
        customerId,
        activityType: 'anruf',
        activityDate: new Date().toISOString(),
        dueDate: yesterday.toISOString().slice(0, 10),
        done: false,
        note: `${note} ${i}`,
      });
    }
    const { buckets } = await api.get<{ buckets: { ueberfaellig?: number } }>('todo/getTodos');
    const all = buckets.ueberfaellig!;
    expect(all).toBeGreaterThan(10);
    await page.goto(`${baseUrl}/crm/dashboard`);
    const overdue = page.getByRole('region', { name: 'Überfällig' });
    await overdue
      .getByRole('heading', { name: `Überfällig (10 von ${all.toLocaleString('de-DE')})` })
      .waitFor();
    expect(await overdue.locator('li').count()).toBe(10);
    // The menu's badge and the dashboard's link count different things and each says which.
    const de = (n: number) => n.toLocaleString('de-DE');
    const list = await api.get<{ total: number; urgent: number }>('todo/getTodos');
    await page
      .getByRole('link', {
        name: `Alle offenen Todos (${de(list.total)}, davon ${de(list.urgent)} überfällig oder heute fällig)`,
      })
      .waitFor();
    const { urgent } = await api.get<{ urgent: number }>('todo/count');
    const badge = page.getByLabel(`${de(urgent)} Todos überfällig oder heute fällig`, { exact: true });
    expect(await badge.getAttribute('title')).toBe(`${de(urgent)} Todos überfällig oder heute fällig`);
    await navigateInApp(page, '/crm/todos');
    await page
      .getByRole('region', { name: 'Überfällig' })
      .locator('li', { hasText: `${note} 10` })
      .waitFor();
  });
  it("a phone's light Mein Tag lists the unread notifications once the day is drawn, live; a tap marks one read", async () => {
    // Lena (no other test's notifications) on her phone: the light page, and its notifications asked for only
    // after the day's own calls had answered.
    // An open offer of hers idle for a year in a status with a limit: one of her stagnating Vorgänge.
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const stagnantNumber = `ST-${uniqueSuffix()}`;
    await sql`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position, custom_status_id,
        last_activity_at, branch_id, seller_user_id, net_total_cents)
      SELECT ${stagnantNumber}, (SELECT id FROM customer ORDER BY id LIMIT 1), 'Stillstand', 'angebot', 0,
        (SELECT id FROM custom_status WHERE stagnant_after_days IS NOT NULL ORDER BY id LIMIT 1),
        now() - interval '400 days', u.branch_id, u.id, 100
      FROM app_user u WHERE u.name = 'Lena Leitung'`.execute(db);
    const phone = await openSignedIn('lena.leitung', '/crm/dashboard', { width: 390, height: 844 });
    const section = phone.getByRole('region', { name: /^Benachrichtigungen/ });
    await section.waitFor();
    expect(await phone.locator('main [class*="Mui"]').count()).toBe(0);
    // Her stagnating Vorgänge as the dashboard counts them, one line under the date, leading to the list.
    try {
      const { stagnant } = await apiOf(phone, baseUrl).get<{ stagnant: number }>(
        'dashboard/getMyDayAppointments',
      );
      expect(stagnant).toBeGreaterThan(0);
      const line = phone.locator('[data-stagnant]');
      const stagnantLink = line.getByRole('link', {
        name:
          stagnant === 1
            ? '1 stagnierender Vorgang'
            : `${stagnant.toLocaleString('de-DE')} stagnierende Vorgänge`,
      });
      await stagnantLink.waitFor();
      expect(await line.textContent()).toContain('länger ohne Aktivität, als');
      expect(await stagnantLink.getAttribute('href')).toBe('/crm/vorgang?mine=true&stagnant=true');
      expect((await stagnantLink.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect((await line.boundingBox())!.width).toBeLessThanOrEqual(390);
      await screenshotToLookAt(phone, { path: '/tmp/mein-tag-light-stagnant-390.png' });
    } finally {
      await sql`DELETE FROM vorgang WHERE vorgang_number = ${stagnantNumber}`.execute(db);
      await db.destroy();
    }
    // A call's timing entry is written when its answer has ended; the section may be drawn before that.
    await phone.waitForFunction(() =>
      performance.getEntriesByType('resource').some((c) => c.name.includes('/api/notification/list')),
    );
    const timing = await phone.evaluate(() => {
      const calls = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const ended = (path: string) =>
        Math.max(...calls.filter((c) => c.name.includes(path)).map((c) => c.responseEnd));
      const asked = calls.find((c) => c.name.includes('/api/notification/list'))!.startTime;
      return {
        asked,
        day: Math.max(ended('/api/todo/getTodos'), ended('/api/dashboard/getMyDayAppointments')),
      };
    });
    expect(timing.asked).toBeGreaterThanOrEqual(timing.day);

    // She gets a notification per NPS answer while the automation is on.
    const admin = await openSignedIn('anna.admin', '/crm/dashboard');
    const adminApi = apiOf(admin, baseUrl);
    const options = await adminApi.get<{ users: { id: number; name: string }[] }>('automation/options');
    const lena = options.users.find((user) => user.name === 'Lena Leitung')!;
    const title = `Antwort für Lena ${uniqueSuffix()}`;
    const automation = await adminApi.post<{ id: number; version: number }>('automation/create', {
      name: title,
      branchId: null,
      runsPerMinute: 500,
      definition: {
        trigger: { kind: 'nps', minScore: 0, maxScore: 10 },
        conditions: noConditions(),
        actions: [
          { kind: 'benachrichtigung', recipients: [{ role: 'person', userId: lena.id }], text: title },
        ],
      },
    });
    const active = await adminApi.post<{ version: number }>(`automation/state/${automation.id}`, {
      state: 'aktiv',
      version: automation.version,
    });

    try {
      // An answer arrives while the page is open: the notification shows without a reload.
      await adminApi.post('nps/save/', { customerId, score: 9, channel: 'telefon', answeredOn: today });
      const item = section.getByRole('link', { name: title });
      await item.waitFor({ timeout: 15_000 });
      await expect.poll(() => section.getByRole('heading').textContent()).toMatch(/\(\d+ ungelesen\)$/);
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      const box = (await section.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await screenshotToLookAt(phone, { path: '/tmp/mein-tag-light-notifications-390.png' });
      await item.tap();
      await phone.waitForURL(/\/crm\/kunden\/\d+\/show$/);
      const lenas = apiOf(phone, baseUrl);
      await expect
        .poll(
          async () => (await lenas.get<{ rows: { title: string }[] }>('notification/list?unread=true')).rows,
        )
        .not.toContainEqual(expect.objectContaining({ title }));
    } finally {
      await adminApi.post(`automation/state/${automation.id}`, {
        state: 'pausiert',
        version: active.version,
      });
      await admin.context().close();
      await phone.context().close();
    }
  });
});
