import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import {
  addCompanyDays,
  companyToday,
  startOfCompanyDay,
  TENANT_TIME_ZONES,
} from '../../src/config/companyTime';
import { regionOfBranch } from '../../server/automation/holidayRegionQueries';
import { addWorkingDays, daysDueWithin, isWorkingDay } from '../../server/automation/workingDays';
import { openDatabase } from '../../server/platform/db/database';
import { apiOf } from '../support/browserApi';
import { browserSession } from '../support/browserSession';
import { navigateInApp } from '../support/navigateInApp';
import { productUnderTest } from '../support/productUnderTest';
import { uniqueSuffix } from '../support/uniqueName';
import { noConditions } from '../../src/resources/automation/automationTypes';

const { baseUrl, openSignedIn } = browserSession();

interface Card {
  id: number;
  version: number;
  vorgangNumber: string;
  seller: { name: string } | null;
  customStatusId: number | null;
}

describe('an automation’s todo and notification reach the seller', () => {
  it('the admin activates it, the seller moves a Vorgang: todo, bell and list at 1280 and 390 px', async () => {
    const admin = await openSignedIn('anna.admin', '/crm/dashboard');
    const adminApi = apiOf(admin, baseUrl);
    const statuses = await adminApi.get<{ data: { id: number }[] }>(
      'customStatus/getAllCustomStatus?perPage=500',
    );
    const target = statuses.data.at(-1)!;
    const page = await openSignedIn('victor.verkauf', '/crm/dashboard');
    const api = apiOf(page, baseUrl);
    const board = await api.get<{ columns: { cards: Card[] }[] }>('vorgang/kanban');
    const card = board.columns
      .flatMap((column) => column.cards)
      .find(
        (candidate) => candidate.seller?.name === 'Victor Verkauf' && candidate.customStatusId !== target.id,
      )!;
    const name = `Status nachfassen ${uniqueSuffix()}`;
    const automation = await adminApi.post<{ id: number; version: number }>('automation/create', {
      name,
      branchId: null,
      runsPerMinute: 500,
      definition: {
        trigger: { kind: 'eigenerStatus', fromStatusId: null, toStatusId: target.id },
        conditions: noConditions(),
        actions: [
          {
            kind: 'todo',
            todoKind: 'aktivitaet',
            activityType: 'anruf',
            labelId: null,
            recipient: { role: 'verkaeufer', userId: null },
            dueInWorkingDays: 0,
            text: 'Angebot nachfassen: {{Vorgang}}',
          },
          {
            kind: 'benachrichtigung',
            recipients: [{ role: 'verkaeufer', userId: null }],
            text: 'Bitte {{Vorgang}} nachfassen',
          },
        ],
      },
    });
    await adminApi.post(`automation/state/${automation.id}`, { state: 'aktiv', version: automation.version });
    await admin.context().close();
    await api.post('vorgang/setCustomStatusForVorgang', {
      vorgangId: card.id,
      customStatusId: target.id,
      version: card.version,
    });

    // Desk: the open page's bell counts the two live; the list shows them newest first and opens the Vorgang.
    const bell = page.getByRole('button', { name: 'Benachrichtigungen: 2 ungelesen' });
    await bell.waitFor({ timeout: 15_000 });
    await bell.click();
    const list = page.getByRole('region', { name: 'Benachrichtigungen' });
    await expect
      .poll(() => list.locator('.MuiListItemButton-root').allInnerTexts())
      .toEqual([
        expect.stringMatching(new RegExp(`^Bitte ${card.vorgangNumber} .* nachfassen`)),
        expect.stringMatching(new RegExp(`^Neues Todo: Angebot nachfassen: ${card.vorgangNumber}`)),
      ]);
    await list.locator('.MuiListItemButton-root').first().click();
    await page.waitForURL(`${baseUrl}/crm/vorgang/${card.id}`);
    await page.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' }).waitFor();
    await page.context().close();

    // Phone (the full app): the seller's Todos hold the automation's todo; the bell the one still unread, its
    // list in the window's width.
    const phone = await openSignedIn('victor.verkauf', '/crm/todos', { width: 390, height: 844 });
    await phone
      .getByText(new RegExp(`Angebot nachfassen: ${card.vorgangNumber}`))
      .first()
      .waitFor();
    const phoneBell = phone.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' });
    await phoneBell.waitFor({ timeout: 15_000 });
    await phoneBell.click();
    const phoneList = phone.getByRole('region', { name: 'Benachrichtigungen' });
    await phoneList.getByText(new RegExp(`^Neues Todo: Angebot nachfassen: ${card.vorgangNumber}`)).waitFor();
    const box = (await phoneList.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await phone.context().close();
  });

  it('the admin builds „Angebot ohne Aktivität seit 7 Arbeitstagen → Todo“, simulates, activates; the seller gets it', async () => {
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const zone = TENANT_TIME_ZONES.strussnig;
    const number = `AU-${uniqueSuffix()}`;
    try {
      // Victor's open offer, idle for 7 working days of its branch's region up to the last working day (today,
      // unless today is a weekend or holiday), with an amount no other Vorgang has (the condition finds it alone).
      const victor = (
        await sql<{ id: number; customerId: number; branchId: number; region: string }>`
          SELECT u.id, (SELECT id FROM customer ORDER BY id LIMIT 1) AS "customerId", u.branch_id AS "branchId",
            ${regionOfBranch('b', zone)} AS region
          FROM app_user u LEFT JOIN branch b ON b.id = u.branch_id WHERE u.name = 'Victor Verkauf'`.execute(
          db,
        )
      ).rows[0]!;
      let dueDay = companyToday(zone);
      while (!isWorkingDay(dueDay, victor.region)) dueDay = addCompanyDays(dueDay, -1);
      const idleSince = daysDueWithin(dueDay, dueDay, 7, victor.region)!.from;
      const lastActivity = new Date(startOfCompanyDay(idleSince, zone).getTime() + 10 * 3_600_000);
      await sql`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position,
          last_activity_at, branch_id, seller_user_id, net_total_cents)
        VALUES (${number}, ${victor.customerId}, 'Automatik-Angebot', 'angebot', 0, ${lastActivity.toISOString()}::timestamptz,
          ${victor.branchId}, ${victor.id}, 98765432)`.execute(db);
      const seller = await openSignedIn('victor.verkauf', '/crm/dashboard');
      await apiOf(seller, baseUrl).post('notification/read', { ids: null });

      // The admin builds it in the form: trigger, conditions, the todo for the Verkäufer.
      const admin = await openSignedIn('anna.admin', '/crm/admin/automatisierung');
      await admin.getByRole('link', { name: 'Neue Automatisierung' }).click();
      const choose = async (field: string, option: string) => {
        await admin.getByRole('combobox', { name: new RegExp(`^${field}`) }).click();
        await admin.getByRole('option', { name: option }).click();
      };
      await admin.getByLabel('Name').fill('Angebot nachfassen nach 7 Arbeitstagen');
      await choose('Auslöser', 'Keine Aktivität seit … Arbeitstagen');
      await admin.getByLabel('Arbeitstage ohne Aktivität').fill('7');
      await choose('Vorgangsart', 'Angebot');
      await admin.keyboard.press('Escape');
      await admin.getByLabel('Betrag netto ab').fill('987.654');
      await admin.getByLabel('Betrag netto bis').fill('987.655');
      await choose('Für', 'Verkäufer des Vorgangs');
      // A field-level message from the shared rules before anything is sent.
      await admin.getByRole('button', { name: 'Speichern' }).click();
      await admin.getByText('Bitte geben Sie einen Text ein.').waitFor();
      await admin.getByLabel('Text', { exact: true }).fill('Angebot nachfassen');
      await admin.getByRole('button', { name: 'Speichern' }).click();
      await admin.waitForURL(/\/crm\/admin\/automatisierung\/\d+$/);
      await admin.getByText('Entwurf', { exact: true }).waitFor();
      const id = Number(admin.url().split('/').at(-1));
      // The server's clock is real: as if first activated three days ago, its sweep catches up on the last
      // working day also on a weekend or holiday (on a working day that is today anyway).
      await sql`UPDATE automation SET first_activated_at = now() - interval '3 days' WHERE id = ${id}`.execute(
        db,
      );

      await admin.getByRole('button', { name: 'Simulieren' }).click();
      const simulation = admin.getByRole('list', { name: 'Simulierte Datensätze' });
      await simulation.getByText(new RegExp(`^${number} Automatik-Angebot`)).waitFor();
      // The amount condition leaves this one Vorgang.
      await expect.poll(() => simulation.locator(':scope > li').count()).toBe(1);
      await simulation.getByText('Todo „Angebot nachfassen“ anlegen', { exact: false }).waitFor();
      // Someone saved it in between: Aktivieren is refused as stale (409) until „Neu laden“.
      await sql`UPDATE automation SET version = version + 1, updated_by = 'Lena Leitung' WHERE id = ${id}`.execute(
        db,
      );
      await admin.getByRole('button', { name: 'Aktivieren' }).click();
      await admin
        .locator('.MuiAlert-root', { hasText: 'inzwischen von Lena Leitung geändert' })
        .first()
        .waitFor();
      await admin.getByRole('button', { name: 'Neu laden' }).click();
      await admin.getByText(/von Lena Leitung$/).waitFor();
      await admin.getByRole('button', { name: 'Aktivieren' }).click();
      await admin.getByRole('button', { name: 'Pausieren' }).waitFor();

      // The seller's open desk page: the bell counts it live; its list names the Vorgang.
      const bell = seller.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' });
      await bell.waitFor({ timeout: 30_000 });
      await bell.click();
      const item = seller
        .getByRole('region', { name: 'Benachrichtigungen' })
        .locator('.MuiListItemButton-root')
        .filter({ hasText: number });
      await expect.poll(() => item.innerText()).toMatch(/^Neues Todo: Angebot nachfassen\n/);
      await seller.goto(`${baseUrl}/crm/todos`);
      await seller.getByText(number).first().waitFor();
      await seller.context().close();
      // The admin's run log shows the finished run.
      await admin.reload();
      await admin.getByRole('list', { name: 'Läufe' }).getByText(number).waitFor({ timeout: 15_000 });
      await admin.context().close();

      const phone = await openSignedIn('victor.verkauf', '/crm/todos', { width: 390, height: 844 });
      await phone.getByText(number).first().waitFor();
      await phone.getByRole('button', { name: 'Benachrichtigungen: 1 ungelesen' }).waitFor();
      await phone.context().close();
    } finally {
      await db.destroy();
    }
  });

  it('the seller sees the online offer’s next follow-up step and ends it („Nachfassen beenden“) at 1280 and 390 px', async () => {
    const db = openDatabase(productUnderTest().databaseUrl, 2);
    const zone = TENANT_TIME_ZONES.strussnig;
    const number = `AU-${uniqueSuffix()}`;
    try {
      // Victor's offer went online today; a cadence step 5 working days later, for this Vorgang alone (its amount).
      const victor = (
        await sql<{ id: number; customerId: number; branchId: number; region: string }>`
          SELECT u.id, (SELECT id FROM customer ORDER BY id LIMIT 1) AS "customerId", u.branch_id AS "branchId",
            ${regionOfBranch('b', zone)} AS region
          FROM app_user u LEFT JOIN branch b ON b.id = u.branch_id WHERE u.name = 'Victor Verkauf'`.execute(
          db,
        )
      ).rows[0]!;
      const today = companyToday(zone);
      const vorgangId = (
        await sql<{ id: number }>`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status,
            board_position, branch_id, seller_user_id, net_total_cents)
          VALUES (${number}, ${victor.customerId}, 'Online-Angebot', 'angebot', 0, ${victor.branchId}, ${victor.id},
            87654321) RETURNING id`.execute(db)
      ).rows[0]!.id;
      await sql`WITH angebot AS (
          INSERT INTO beleg (vorgang_id, beleg_type, beleg_number, beleg_date)
          VALUES (${vorgangId}, 'angebot', ${`AN-${number}`}, ${today}::date) RETURNING id)
        INSERT INTO offer_link (vorgang_id, beleg_id, customer_id, token_hash, email, sent_by, valid_until)
        SELECT ${vorgangId}, id, ${victor.customerId}, ${`hash-${number}`}, 'kunde@example.com', 'Victor Verkauf',
          ${addCompanyDays(today, 30)}::date FROM angebot`.execute(db);
      // A second offer, sent 40 days ago and valid until yesterday.
      const expiredNumber = `AU-${uniqueSuffix()}`;
      const expiredId = (
        await sql<{ id: number }>`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status,
            board_position, branch_id, seller_user_id)
          VALUES (${expiredNumber}, ${victor.customerId}, 'Abgelaufenes Angebot', 'angebot', 0, ${victor.branchId},
            ${victor.id}) RETURNING id`.execute(db)
      ).rows[0]!.id;
      await sql`WITH angebot AS (
          INSERT INTO beleg (vorgang_id, beleg_type, beleg_number, beleg_date)
          VALUES (${expiredId}, 'angebot', ${`AN-${expiredNumber}`}, ${addCompanyDays(today, -40)}::date) RETURNING id)
        INSERT INTO offer_link (vorgang_id, beleg_id, customer_id, token_hash, email, sent_by, sent_at, valid_until)
        SELECT ${expiredId}, id, ${victor.customerId}, ${`hash-${expiredNumber}`}, 'kunde@example.com',
          'Victor Verkauf', now() - interval '40 days', ${addCompanyDays(today, -1)}::date FROM angebot`.execute(
        db,
      );
      const admin = await openSignedIn('anna.admin', '/crm/admin/automatisierung');
      const adminApi = apiOf(admin, baseUrl);
      const name = `Anrufen ${uniqueSuffix()}`;
      const automation = await adminApi.post<{ id: number; version: number }>('automation/create', {
        name,
        branchId: null,
        runsPerMinute: 500,
        definition: {
          trigger: { kind: 'datum', field: 'onlineAngebotGesendet', offsetWorkingDays: 5 },
          conditions: {
            ...noConditions(),
            minAmountCents: 87654321,
            maxAmountCents: 87654321,
            offerOpened: 'nein',
          },
          actions: [
            {
              kind: 'todo',
              todoKind: 'aktivitaet',
              activityType: 'anruf',
              labelId: null,
              recipient: { role: 'verkaeufer', userId: null },
              dueInWorkingDays: 0,
              text: 'Anrufen: Angebot nicht geöffnet',
            },
          ],
        },
      });
      await adminApi.post(`automation/state/${automation.id}`, {
        state: 'aktiv',
        version: automation.version,
      });
      // The cadence's recipes read well in the list: their step in words.
      await admin.reload();
      const recipe = admin
        .getByTestId('automatisierung')
        .filter({ hasText: 'Online-Angebot 2/5: anrufen (nicht geöffnet)' });
      await expect
        .poll(() => recipe.innerText())
        .toMatch(/Wenn: 5 Arbeitstage nach „Online-Angebot gesendet“/);
      // Its form: the condition on the offer's openings, and when a step stops.
      await recipe.click();
      await expect
        .poll(() => admin.getByLabel('Online-Angebot geöffnet').innerText())
        .toBe('Nein, noch nicht geöffnet');
      await admin.getByText('Ein Schritt des Nachfassens', { exact: false }).waitFor();
      await admin.context().close();

      const due = addWorkingDays(today, 5, victor.region);
      const [y, m, d] = due.split('-');
      const seller = await openSignedIn('victor.verkauf', `/crm/vorgang/${vorgangId}`);
      const card = seller.getByRole('region', { name: 'Nachfassen' });
      await card.getByText(`Nächster Schritt: „${name}“ am ${d}.${m}.${y}`).waitFor();
      // An offer past its Gültig bis is offered as lost: one click, with the reason „Angebot abgelaufen“.
      await navigateInApp(seller, `/crm/vorgang/${expiredId}`);
      const expired = seller.getByRole('region', { name: 'Nachfassen' });
      await expired
        .getByText('Das Angebot ist abgelaufen. Als verloren markieren (Angebot abgelaufen)?')
        .waitFor();
      await expired.getByRole('button', { name: 'Als verloren markieren' }).click();
      await seller.getByText(`${expiredNumber} ist als verloren markiert (Angebot abgelaufen).`).waitFor();
      await expired.getByText('Kein weiteres Nachfassen: Der Vorgang ist verloren.').waitFor();
      const lost = await sql<{ status: string; reason: string }>`
        SELECT system_status AS status, lost_reason AS reason FROM vorgang WHERE id = ${expiredId}`.execute(
        db,
      );
      expect(lost.rows[0]).toEqual({ status: 'verloren', reason: 'Angebot abgelaufen' });
      await seller.context().close();

      const phone = await openSignedIn(
        'victor.verkauf',
        `/crm/vorgang/${vorgangId}`,
        { width: 390, height: 844 },
        { touch: true },
      );
      const onPhone = phone.getByRole('region', { name: 'Nachfassen' });
      await onPhone.getByText(`Nächster Schritt: „${name}“`, { exact: false }).waitFor();
      const stop = onPhone.getByRole('button', { name: 'Nachfassen beenden' });
      const box = (await stop.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      await stop.tap();
      await onPhone.getByText('Kein weiteres Nachfassen: Nachfassen beendet von Victor Verkauf.').waitFor();
      await expect.poll(() => stop.count()).toBe(0);
      await phone.context().close();
      await sql`UPDATE automation SET state = 'pausiert' WHERE id = ${automation.id}`.execute(db);
    } finally {
      await db.destroy();
    }
  });
});
