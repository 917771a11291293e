import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { pruneChangeHistory } from '../../../server/changeHistory/pruneChanges';
import type { InputArgs } from '../../../src/api/callEndpoint';
import type { EndpointDeclaration, QueryOf } from '../../../src/api/endpoint';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { postponeDueItem } from '../../../src/resources/todos/dueItems.endpoints';
import {
  changeLabelOfVorgang,
  setExpectedValueForVorgang,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { entityCalls } from '../../support/entityCalls';
import {
  exportChanges,
  getChangeFilterOptions,
  getChanges,
  getChangesForCustomer,
  getChangesForRecord,
  getChangesForVorgang,
} from '../../../src/resources/changeHistory/changeHistory.endpoints';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, ISSUER, resultOf, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';
import { workbookOf } from '../../support/excelWorkbook';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const SELLER = ['APP_KUNDE'];
describe('the Änderungsverlauf as people read it: timelines, admin view, export, retention', () => {
  let t: TestApp;
  let lena: string;
  let customer: number;
  let vorgang: number;

  const asLena = <E extends EndpointDeclaration>(endpoint: E, ...input: InputArgs<E>) =>
    resultOf(t.callEndpoint({ token: lena }, endpoint, ...input));
  const customerChanges = () =>
    resultOf(t.callEndpoint(SELLER, getChangesForCustomer, { params: { id: customer }, query: {} }));
  const changes = (query: QueryOf<typeof getChanges> = {}) =>
    resultOf(t.callEndpoint(ADMIN, getChanges, { query }));
  const version = async (table: string, id: number) =>
    (await sql<{ version: number }>`SELECT version FROM ${sql.table(table)} WHERE id = ${id}`.execute(t.db))
      .rows[0]!.version;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 4 });
    lena = await signAccessToken(t.signingKey, ISSUER, ADMIN, { oid: 'oid-lena', name: 'Lena Leitung' });
    customer = (await sql<{ id: number }>`SELECT min(id) AS id FROM customer`.execute(t.db)).rows[0]!.id;
    await sql`UPDATE customer SET phone = '+43 463 12345' WHERE id = ${customer}`.execute(t.db);
    vorgang = (
      await sql<{ id: number }>`
        INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, board_position)
        VALUES ('VL-000001', ${customer}, 'Verlauf Fenster', 'anfrage', 0) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`TRUNCATE change_record`.execute(t.db);
    await asLena(updateCustomerField, {
      body: {
        id: customer,
        version: await version('customer', customer),
        field: 'phone',
        value: '0664 1234567',
      },
    });
    const label = (
      await sql<{ id: number }>`INSERT INTO label (name, color, for_vorgang, active)
        VALUES ('Rückruf Montage', '#ff9800', true, true) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await asLena(changeLabelOfVorgang, {
      body: {
        vorgangId: vorgang,
        version: await version('vorgang', vorgang),
        labelId: label,
        action: 'add',
        dueDate: '2026-12-03',
      },
    });
    await asLena(setExpectedValueForVorgang, {
      body: {
        vorgangId: vorgang,
        version: await version('vorgang', vorgang),
        expectedValueCents: 123_456,
        expectedOrderDate: null,
      },
    });
  });
  afterAll(() => t.close());

  it('shows a customer’s changes and its Vorgänge’ on its timeline, with names, euro and dates as people know them', async () => {
    const { data } = await customerChanges();
    const phone = data.find((e) => e.area === 'kunden')!;
    expect(phone.actorName).toBe('Lena Leitung');
    expect(phone.changes).toEqual([
      { field: 'phone', label: 'Telefon', old: '+43 463 12345', new: '+43 664 1234567' },
    ]);
    const labels = data.find((e) => e.changes.some((c) => c.field === 'labelIds'))!;
    expect(labels.areaLabel).toBe('Vorgang');
    expect(labels.changes).toEqual(
      expect.arrayContaining([
        { field: 'labelIds', label: 'Labels', old: null, new: 'Rückruf Montage' },
        {
          field: 'labelDueDates',
          label: 'Fälligkeit der Labels',
          old: null,
          new: 'Rückruf Montage: 03.12.2026',
        },
      ]),
    );
    const value = data.find((e) => e.changes.some((c) => c.field === 'expectedValueCents'))!;
    expect(value.changes[0]).toEqual({
      field: 'expectedValueCents',
      label: 'Erwarteter Wert',
      old: null,
      new: '1.234,56\u00a0€',
    });
    // The Vorgang's own timeline adds what its Statusverlauf does not show already (the expected value, not the
    // label, which the Statusverlauf names), and nothing of the customer's.
    const own = await resultOf(
      t.callEndpoint(SELLER, getChangesForVorgang, { params: { id: vorgang }, query: {} }),
    );
    expect(own.total).toBe(1);
    expect(JSON.stringify(own)).toContain('Erwarteter Wert');
    expect(JSON.stringify(own)).not.toContain('Fälligkeit der Labels');
  });

  it('filters the admin view by person, area and period, pages it, and exports exactly those rows', async () => {
    expect((await changes()).total).toBe(3);
    expect((await changes({ actor: 'Lena Leitung', area: 'vorgang' })).total).toBe(2);
    expect((await changes({ actor: 'Datenabgleich' })).total).toBe(0);
    expect((await changes({ from: '2020-01-01', to: '2020-12-31' })).total).toBe(0);
    const page = await changes({ perPage: 1, page: 2 });
    expect(page).toMatchObject({ total: 3 });
    expect(page.data).toHaveLength(1);
    const bad = await t.callEndpoint(ADMIN, getChanges, { query: { from: '2026-12-01', to: '2026-11-01' } });
    expect(bad.status).toBe(400);
    const options = await resultOf(t.callEndpoint(ADMIN, getChangeFilterOptions));
    expect(options.areas).toContainEqual({ id: 'vorgang', name: 'Vorgang' });
    expect(options.actors).toContain('Datenabgleich');

    const response = await t.app.inject({
      method: 'GET',
      url: '/api/changeHistory/exportExcel?area=vorgang',
      headers: { authorization: `Bearer ${await t.tokenFor(ADMIN)}` },
    });
    expect(response.statusCode).toBe(200);
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Änderungsverlauf')!;
    expect(sheet.rowCount - 1).toBe(2);
    expect(sheet.getRow(1).values).toEqual(
      expect.arrayContaining(['Zeitpunkt', 'Person', 'Bereich', 'Änderungen']),
    );
    expect(String(sheet.getRow(2).getCell(6).value)).toContain('Erwarteter Wert: – → 1.234,56\u00a0€');
  });

  it('refuses the admin view, its options and its export to everyone but APP_ADMIN', async () => {
    const calls = {
      getChanges: (groups: string[] | null) => t.callEndpoint(groups, getChanges, { query: {} }),
      getFilterOptions: (groups: string[] | null) => t.callEndpoint(groups, getChangeFilterOptions),
      exportExcel: (groups: string[] | null) => t.callEndpoint(groups, exportChanges, { query: {} }),
    };
    for (const [name, call] of Object.entries(calls)) {
      for (const groups of [SELLER, ['APP_ADMIN_VERKAUF', 'APP_KUNDE'], ['APP_NPS']]) {
        expect((await call(groups)).status, name).toBe(403);
      }
      expect((await call(null)).status, name).toBe(401);
    }
    // A record's history only for those who may read its entity; timelines for APP_KUNDE.
    const targets = { query: { area: 'admin-verkauf/sales-targets', id: 1 } };
    expect((await t.callEndpoint(SELLER, getChangesForRecord, targets)).status).toBe(403);
    expect((await t.callEndpoint(['APP_ADMIN_VERKAUF'], getChangesForRecord, targets)).status).toBe(200);
    const timeline = { params: { id: customer }, query: {} };
    expect((await t.callEndpoint(['APP_NPS'], getChangesForCustomer, timeline)).status).toBe(403);
  });

  it('keeps the months set in Einstellungen and prunes older rows, one run at a time', async () => {
    await sql`INSERT INTO change_record (at, actor_name, area, record_id, action)
      VALUES (now() - interval '25 months', 'Alt', 'kunden', 1, 'update'),
             (now() - interval '13 months', 'Mittel', 'kunden', 1, 'update')`.execute(t.db);
    expect(await runJobOnce(pruneChangeHistory, t.app)).toBe(1);
    await sql`INSERT INTO global_settings (id, change_history_months) VALUES (1, 12)
      ON CONFLICT (id) DO UPDATE SET change_history_months = 12`.execute(t.db);
    expect(await runJobOnce(pruneChangeHistory, t.app)).toBe(1);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record`.execute(t.db);
    expect(rows[0]!.n).toBe(3);
  });
  it('names an activity by its Art as people read it, not by the stored key', async () => {
    await resultOf(
      entityCalls(t, activityEntity).create(
        { token: lena },
        {
          customerId: customer,
          activityType: 'anruf',
          activityDate: '2026-11-20T09:00:00.000Z',
          done: true,
          note: 'Rückruf wegen Montage',
        },
      ),
    );
    const { data } = await customerChanges();
    const call = data.find((e) => e.action === 'create' && e.area === 'aktivitaeten')!;
    expect(call.recordLabel).toBe('Anruf');
  });
  it('names a customer label’s new due day as people read it, not as the stored JSON', async () => {
    const label = (
      await sql<{ id: number }>`INSERT INTO label (name, color, for_customer, active)
        VALUES ('Rückruf Kunde', '#2196f3', true, true) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`INSERT INTO customer_label (customer_id, label_id, due_date)
      VALUES (${customer}, ${label}, '2026-11-22')`.execute(t.db);
    // A customer's label is a todo of the one who looks after the customer.
    const lenaId = (
      await sql<{ id: number }>`INSERT INTO app_user (azure_oid, name) VALUES ('oid-lena', 'Lena Leitung')
        ON CONFLICT (azure_oid) DO UPDATE SET name = excluded.name RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`UPDATE customer SET owner_user_id = ${lenaId} WHERE id = ${customer}`.execute(t.db);
    await asLena(postponeDueItem, {
      body: { key: `kundeLabel:${customer}:${label}`, expectedDueDate: '2026-11-22', dueDate: '2026-11-28' },
    });
    const { data } = await customerChanges();
    const postponed = data.find((e) => e.changes.some((c) => c.field === 'labelDueDates'))!;
    expect(postponed.changes).toEqual([
      {
        field: 'labelDueDates',
        label: 'Fälligkeit der Labels',
        old: 'Rückruf Kunde: 22.11.2026',
        new: 'Rückruf Kunde: 28.11.2026',
      },
    ]);
  });
});
