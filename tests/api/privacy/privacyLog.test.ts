import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InputArgs } from '../../../src/api/callEndpoint';
import type { EndpointDeclaration, QueryOf } from '../../../src/api/endpoint';
import { exportBulkSelection } from '../../../src/resources/bulkActions/bulkActions.endpoints';
import { exportCustomers } from '../../../src/resources/customers/customers.endpoints';
import {
  eraseCustomerData,
  exportErasureList,
  exportPrivacyLog,
  getCustomerDataReport,
  getPrivacyLog,
} from '../../../src/resources/privacy/privacy.endpoints';
import { downloadFrom } from '../../support/fileCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];

/** Admin → Datenschutz: who made an Auskunft, an erasure or an Excel export of records, when, for whom, how much. */
describe('the Datenschutz-Protokoll', () => {
  let t: TestApp;
  let customers: number[] = [];

  const download = async <E extends EndpointDeclaration & { kind: 'file' }>(
    endpoint: E,
    ...input: InputArgs<E>
  ) => {
    const response = await downloadFrom(t, ADMIN, endpoint, ...input);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response;
  };
  const log = (query: QueryOf<typeof getPrivacyLog> = {}) =>
    resultOf(t.callEndpoint(ADMIN, getPrivacyLog, { query }));
  beforeAll(async () => {
    t = await createTestApp();
    customers = (
      await sql<{ id: number }>`INSERT INTO customer (last_name, first_name, customer_number, email, phone)
        VALUES ('Ahorn', 'Anna', 'K-1', 'anna@ahorn.example', '+43 463 1111111'),
          ('Birke', 'Bruno', 'K-2', 'bruno@birke.example', '+43 463 2222222'),
          ('Ceder', 'Clara', NULL, NULL, NULL) RETURNING id`.execute(t.db)
    ).rows.map((row) => row.id);
    await download(getCustomerDataReport, { params: { id: customers[0]! } });
    await resultOf(
      t.callEndpoint(ADMIN, eraseCustomerData, {
        params: { id: customers[1]! },
        body: { reason: 'Antrag per Brief', version: 1 },
      }),
    );
    // The selection's Excel file: two ticked rows, then "Alle Treffer" of a search.
    await download(exportBulkSelection, {
      body: {
        target: 'kunden',
        selection: {
          rows: [
            { id: customers[0]!, version: 1 },
            { id: customers[2]!, version: 1 },
          ],
        },
      },
    });
    await download(exportBulkSelection, {
      body: { target: 'kunden', selection: { filter: { q: 'Ceder' } } },
    });
    await download(exportCustomers, { query: {} });
  });
  afterAll(() => t.close());

  it('lists every Auskunft, erasure and export, newest first: who, for whom, what, how many rows', async () => {
    // Every export's row count is in before its answer ends: no waiting for it.
    const { data, total } = await log();
    expect(total).toBe(5);
    expect(data.map((entry) => entry.kind)).toEqual(['export', 'export', 'export', 'loeschung', 'auskunft']);
    expect(data.every((entry) => entry.actorName === 'Test Person')).toBe(true);
    expect(data[4]).toMatchObject({
      customerId: customers[0],
      customerNumber: 'K-1',
      customerName: 'Ahorn, Anna',
    });
    expect(data[3]).toMatchObject({
      customerId: customers[1],
      customerNumber: 'K-2',
      customerName: 'Gelöscht (DSGVO)',
      reason: 'Antrag per Brief',
    });
    expect(data[2]).toMatchObject({ subject: 'Kunden: Auswahl von 2 Zeilen', rowCount: 2, customerId: null });
    // A search names the person: the log says that there was one, never what it was.
    expect(data[1]).toMatchObject({ subject: 'Kunden: alle Treffer (gefiltert nach Suche)', rowCount: 1 });
    expect(data[0]).toMatchObject({ subject: 'Kunden (Liste)', rowCount: 3 });
    expect((await log({ kind: 'export' })).total).toBe(3);
    expect((await log({ kind: 'auskunft' })).data.map((entry) => entry.customerId)).toEqual([customers[0]]);
  });

  it('exports itself as Excel, and is an export of its own', async () => {
    const response = await download(exportPrivacyLog, { query: { kind: 'loeschung' } });
    const workbook = await workbookOf(response.rawPayload);
    const sheet = workbook.getWorksheet('Datenschutz-Protokoll')!;
    // exceljs gives a row's values as a list with an empty first cell (column A is 1).
    const header = sheet.getRow(1).values;
    expect(Array.isArray(header) ? header.slice(1) : header).toEqual([
      'Zeitpunkt',
      'Art',
      'Person',
      'Betrifft',
      'Zeilen',
      'Anlass',
    ]);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).values).toEqual(
      expect.arrayContaining([
        'Löschung (Art. 17)',
        'Test Person',
        'K-2 · Gelöscht (DSGVO)',
        'Antrag per Brief',
      ]),
    );
    // Recorded with its rows before its last byte: no waiting for it.
    const { data } = await log({ kind: 'export' });
    expect(data[0]).toMatchObject({ subject: 'Datenschutz-Protokoll', rowCount: 1 });
  });

  it('gives the Löschliste as CSV: numbers and hashes, no values, recorded with its rows before its last byte', async () => {
    // The row count's entry takes its time (as on a busy database): the answer must wait for it.
    await sql`CREATE FUNCTION slow_count() RETURNS trigger LANGUAGE plpgsql AS
      $$BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END$$`.execute(t.db);
    await sql`CREATE TRIGGER slow_count BEFORE UPDATE ON privacy_request
      FOR EACH ROW EXECUTE FUNCTION slow_count()`.execute(t.db);
    try {
      const response = await download(exportErasureList);
      // Like an Excel export, whoever has the whole list finds it in the Datenschutz-Protokoll with its rows.
      const { data } = await log({ kind: 'export' });
      expect(data[0]).toMatchObject({ subject: 'Löschliste (CSV)', rowCount: 1 });
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      const lines = response.body.trim().split('\n');
      expect(lines[0]).toBe('customer_id;customer_number;email_hash;phone_hashes;erased_at');
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        new RegExp(`^${customers[1]};"K-2";[0-9a-f]{64};"\\{[0-9a-f]{64}\\}";\\d{4}-`),
      );
      expect(response.body).not.toMatch(/birke|2222222/i);
    } finally {
      await sql`DROP FUNCTION slow_count CASCADE`.execute(t.db);
    }
  });

  it('is for the administration only', async () => {
    const statusOf: Record<string, (groups: string[] | null) => Promise<number>> = {
      [getPrivacyLog.path]: async (groups) =>
        (await t.callEndpoint(groups, getPrivacyLog, { query: {} })).status,
      [exportPrivacyLog.path]: async (groups) =>
        (await downloadFrom(t, groups, exportPrivacyLog, { query: {} })).statusCode,
      [exportErasureList.path]: async (groups) =>
        (await downloadFrom(t, groups, exportErasureList)).statusCode,
    };
    for (const [url, status] of Object.entries(statusOf)) {
      for (const groups of [['APP_KUNDE'], ['APP_KUNDE', 'APP_ADMIN_VERKAUF']]) {
        expect(await status(groups), url).toBe(403);
      }
      expect(await status(null), url).toBe(401);
    }
  });
});
