import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EndpointInput } from '../../../src/api/endpoint';
import customerEntity from '../../../src/resources/customers/customer.entity';
import {
  possibleDuplicates,
  updateCustomerField,
} from '../../../src/resources/customers/customers.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { resultOf, type TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';
import { workbookOf } from '../../support/excelWorkbook';

/** The seeded customer has a label: fails instead of filtering by none. */
const missing = (): never => {
  throw new Error('Testdaten fehlen');
};

describe('customer workspace: duplicates, list filters and the Excel export', () => {
  const workspace = customerWorkspace();
  const list = (filter: Record<string, unknown>, perPage = 100) =>
    resultOf(entityCalls(t, customerEntity).list(SELLER, { perPage, filter }));
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  // What the other customer tests left behind before the split: the signed-in person in app_user, a label
  // on the customer (filters) and its phone number (duplicates).
  beforeAll(async () => {
    await sql`INSERT INTO app_user (azure_oid, username, name) VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    const { rows: labels } = await sql<{ id: number }>`
      SELECT id FROM label WHERE for_customer AND active ORDER BY name LIMIT 1`.execute(t.db);
    const labelled = await resultOf(
      t.callEndpoint(SELLER, updateCustomerField, {
        body: { id: customer.id, version: customer.version, field: 'labelIds', value: [labels[0]!.id] },
      }),
    );
    // The duplicates test finds the customer by this phone number.
    const phoned = await resultOf(
      t.callEndpoint(SELLER, updateCustomerField, {
        body: { id: customer.id, version: labelled.version, field: 'phone', value: '0463 / 12 34-56' },
      }),
    );
    customer = { ...customer, ...phoned };
  });

  it('finds likely duplicates by e-mail, phone, or name and postcode (the score of the duplicates list)', async () => {
    await sql`UPDATE customer SET email = 'Maria.Gruber@example.at', first_name = 'Maria', last_name = 'Gruber', company_name = NULL, zip = '9020', country = 'AT'
              WHERE id = ${customer.id}`.execute(t.db);
    const find = (query: EndpointInput<typeof possibleDuplicates>['query']) =>
      resultOf(t.callEndpoint(SELLER, possibleDuplicates, { query }));
    expect(await find({ email: 'maria.gruber@example.at' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleiche E-Mail-Adresse' }),
    ]);
    expect(await find({ phone: '0463 123456', country: 'AT' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleiche Telefonnummer' }),
    ]);
    expect(await find({ lastName: 'GRUBER', zip: '9020' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'ähnlicher Name, gleiche PLZ' }),
    ]);
    expect(await find({ lastName: 'Gruber', firstName: 'Maria', zip: '9020' })).toEqual([
      expect.objectContaining({ id: customer.id, reason: 'gleicher Name, gleiche PLZ' }),
    ]);
    expect(await find({ lastName: 'Gruber', zip: '9020', excludeId: customer.id })).toEqual([]);
    expect(await find({ lastName: 'Gruber' })).toEqual([]);
  });

  it('exports exactly the filtered customers as a real Excel file', async () => {
    const filter = JSON.stringify({ country: 'AT' });
    // Late evening UTC is already the next day in Vienna: the export shows the company's day.
    const { rows: late } = await sql<{ customerNumber: string }>`
      UPDATE customer SET last_activity_at = '2026-03-14T23:30:00Z', created_at = '2026-06-30T22:30:00Z'
      WHERE id = (SELECT id FROM customer WHERE country = 'AT' AND customer_number IS NOT NULL ORDER BY id LIMIT 1)
      RETURNING customer_number AS "customerNumber"`.execute(t.db);
    const { total } = await list({ country: 'AT' }, 1);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/kunde/exportExcel?sort=displayName&order=ASC&filter=${encodeURIComponent(filter)}`,
      headers: { authorization: `Bearer ${await t.tokenFor(SELLER)}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Kunden_\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Kunden')!;
    expect(sheet.getRow(1).getCell(1).value).toBe('Kundennummer');
    expect(sheet.rowCount - 1).toBe(total);
    const header = sheet.getRow(1).values;
    // Read from a file: a row's values are a sparse array (from column 1), never keyed.
    if (!Array.isArray(header)) throw new Error('Kopfzeile ohne Spalten');
    const headers = header.slice(1);
    const column = (name: string) => headers.indexOf(name) + 1;
    const withActivity = sheet.getColumn(column('Letzte Aktivität')).values.find((v) => v instanceof Date);
    expect(withActivity).toBeInstanceOf(Date);
    expect(typeof sheet.getRow(2).getCell(column('Volumen netto')).value).toBe('number');
    const lateRow = sheet
      .getColumn(column('Kundennummer'))
      .values.findIndex((value) => value === late[0]!.customerNumber);
    expect(sheet.getRow(lateRow).getCell(column('Letzte Aktivität')).value).toEqual(
      new Date('2026-03-15T00:00:00Z'),
    );
    expect(sheet.getRow(lateRow).getCell(column('Angelegt am')).value).toEqual(
      new Date('2026-07-01T00:00:00Z'),
    );
    expect(sheet.getColumn(column('Volumen netto')).numFmt).toContain('€');
    // A filter on a field the customers do not have: a raw request, as no declared input can carry it.
    const bad = await t.callAs(SELLER, {
      method: 'GET',
      url: '/api/kunde/exportExcel?filter=%7B%22gibtsnicht%22%3A1%7D',
    });
    expect(bad.status).toBe(400);
  });

  it('filters "nur meine", by Betreuer, Filiale and label', async () => {
    const me = await sql<{
      id: number;
    }>`SELECT id FROM app_user WHERE azure_oid = '11111111-2222-3333-4444-555555555555'`.execute(t.db);
    await sql`UPDATE customer SET owner_user_id = ${me.rows[0]!.id} WHERE id = ${customer.id}`.execute(t.db);
    expect((await list({ mine: true })).data.map((c) => c.id)).toEqual([customer.id]);
    expect((await list({ ownerUserId: 'me' })).data.map((c) => c.id)).toEqual([customer.id]);
    const labelId = (await workspace.readCustomer(customer.id)).labelIds?.[0] ?? missing();
    const labelled = await list({ labelIds: [labelId] });
    expect(labelled.data.every((c) => c.labelIds?.includes(labelId))).toBe(true);
    const branchId = (await list({})).data.find((c) => c.branchId)!.branchId;
    const inBranch = await list({ branchId });
    expect(inBranch.total).toBeGreaterThan(0);
    expect(inBranch.data.every((c) => c.branchId === branchId)).toBe(true);
  });
});
