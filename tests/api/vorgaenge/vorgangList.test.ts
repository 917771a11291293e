import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryOf } from '../../../src/api/endpoint';
import {
  exportVorgangExcel,
  getAllHerkunft,
  getAllVorgangs,
  getVorgangByBelegnr,
  getVorgangCounts,
} from '../../../src/resources/vorgaenge/vorgangList.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';
import { workbookOf } from '../../support/excelWorkbook';

type ListQuery = QueryOf<typeof getAllVorgangs>;

const KUNDE = ['APP_KUNDE'];
// The oid the test tokens carry: this person is the seller "Victor" below ("nur meine").
const CALLER_OID = '11111111-2222-3333-4444-555555555555';

describe('vorgang/getAllVorgangs, getVorgangCounts, by-belegnr, exportVorgangExcel', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const list = (query: ListQuery = {}) => resultOf(t.callEndpoint(KUNDE, getAllVorgangs, { query }));
  const counted = (query: QueryOf<typeof getVorgangCounts> = {}) =>
    resultOf(t.callEndpoint(KUNDE, getVorgangCounts, { query }));
  const numbers = async (query: ListQuery = {}) =>
    (await list({ sort: 'vorgangNumber', ...query })).data.map((row) => row.vorgangNumber);

  beforeAll(async () => {
    t = await createTestApp();
    ids.villach = await id(sql`INSERT INTO branch (name, code) VALUES ('Villach', 'VIL') RETURNING id`);
    ids.wien = await id(sql`INSERT INTO branch (name, code) VALUES ('Wien', 'WIE') RETURNING id`);
    ids.victor = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${CALLER_OID}, 'Victor Verkauf', ${ids.villach}) RETURNING id`,
    );
    ids.other = await id(
      sql`INSERT INTO app_user (azure_oid, name, branch_id) VALUES ('oid-o', 'Olga Other', ${ids.wien}) RETURNING id`,
    );
    ids.gruber = await id(
      sql`INSERT INTO customer (last_name, first_name) VALUES ('Gruber', 'Maria') RETURNING id`,
    );
    ids.wallner = await id(
      sql`INSERT INTO customer (company_name) VALUES ('Holzbau Wallner GmbH') RETURNING id`,
    );
    ids.dringend = await id(sql`INSERT INTO label (name, color) VALUES ('Dringend', '#e53935') RETURNING id`);
    ids.blau = await id(
      sql`INSERT INTO custom_status (name, color) VALUES ('Wartet auf Kunde', '#1e88e5') RETURNING id`,
    );
    await sql`INSERT INTO stammdaten (category, value, sort_order) VALUES ('herkunft', 'Messe', 2), ('herkunft', 'Empfehlung', 1)`.execute(
      t.db,
    );
    await sql`INSERT INTO stammdaten (category, value, active) VALUES ('herkunft', 'Zeitung', false)`.execute(
      t.db,
    );
    const vorgang = (
      number: string,
      customer: number,
      title: string,
      status: string,
      seller: number,
      branch: number,
      cents: number,
      extra: { origin?: string; expected?: string; activity?: string; customStatus?: number } = {},
    ) =>
      id(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status, seller_user_id, branch_id,
               net_total_cents, plan_db_cents, origin, expected_order_date, last_activity_at, custom_status_id)
             VALUES (${number}, ${customer}, ${title}, ${status}, ${seller}, ${branch}, ${cents}, ${cents / 4},
               ${extra.origin ?? null}, ${extra.expected ?? null}::date, ${extra.activity ?? null}::timestamptz,
               ${extra.customStatus ?? null})
             RETURNING id`);
    ids.v1 = await vorgang(
      'V26-000001',
      ids.gruber,
      'Fenstertausch Einfamilienhaus',
      'angebot',
      ids.victor,
      ids.villach,
      845_000,
      {
        origin: 'Messe',
        expected: '2026-12-15',
        activity: '2026-11-20T10:00:00Z',
        customStatus: ids.blau,
      },
    );
    ids.v2 = await vorgang('V26-000002', ids.gruber, 'Haustür', 'auftrag', ids.other, ids.wien, 310_000, {
      expected: '2027-01-10',
      activity: '2026-11-21T10:00:00Z',
    });
    ids.v3 = await vorgang(
      'V26-000003',
      ids.wallner,
      'Raffstore Werkhalle',
      'rechnung',
      ids.victor,
      ids.villach,
      2_130_500,
      {
        origin: 'Empfehlung',
        activity: '2026-11-22T10:00:00Z',
      },
    );
    ids.v4 = await vorgang(
      'V26-000004',
      ids.wallner,
      'Insektenschutz',
      'verloren',
      ids.other,
      ids.villach,
      95_000,
      {
        activity: '2026-10-01T10:00:00Z',
      },
    );
    ids.v5 = await vorgang(
      'V26-000005',
      ids.wallner,
      'Wintergarten 50%_Rabatt',
      'anfrage',
      ids.victor,
      ids.wien,
      0,
    );
    const beleg = (vorgangId: number, number: string, type: string) =>
      sql`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date) VALUES (${vorgangId}, ${number}, ${type}, '2026-11-02')`.execute(
        t.db,
      );
    await beleg(ids.v1, 'AN-2026-0004711', 'angebot');
    await beleg(ids.v2, 'AB-2026-0000815', 'auftragsbestaetigung');
    await beleg(ids.v3, 'RE-2026-0000042', 'rechnung');
    await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date) VALUES (${ids.v1}, ${ids.dringend}, '2020-01-01'), (${ids.v3}, ${ids.dringend}, '2099-01-01')`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  it('answers a page with the columns; total and counts per status tab come from getVorgangCounts', async () => {
    const page = await list();
    expect(page.hasMore).toBe(false);
    const { total, counts } = await counted();
    expect(total).toBe(5);
    expect(counts).toEqual({ alle: 5, anfrage: 1, angebot: 1, auftrag: 1, rechnung: 1, verloren: 1 });
    // Default order: letzte Aktivität, newest first, Vorgänge without activity last.
    expect(page.data.map((row) => row.vorgangNumber)).toEqual([
      'V26-000003',
      'V26-000002',
      'V26-000001',
      'V26-000004',
      'V26-000005',
    ]);
    const first = page.data.find((row) => row.vorgangNumber === 'V26-000001')!;
    expect(first).toMatchObject({
      customerId: ids.gruber,
      customerName: 'Gruber, Maria',
      title: 'Fenstertausch Einfamilienhaus',
      systemStatus: 'angebot',
      customStatus: { id: ids.blau, name: 'Wartet auf Kunde', color: '#1e88e5' },
      seller: 'Victor Verkauf',
      branch: 'Villach',
      origin: 'Messe',
      netTotalCents: 845_000,
      planDbCents: 211_250,
      expectedOrderDate: '2026-12-15',
    });
    expect(first.labels).toEqual([
      { id: ids.dringend, name: 'Dringend', color: '#e53935', dueDate: '2020-01-01', due: true },
    ]);
    const third = page.data.find((row) => row.vorgangNumber === 'V26-000003')!;
    expect(third.labels[0]!.due).toBe(false);
  });

  it('filters by status tab: the total follows the tab, the counts ignore it', async () => {
    const page = await list({ status: 'verloren' });
    expect(page.data.map((row) => row.vorgangNumber)).toEqual(['V26-000004']);
    const { total, counts } = await counted({ status: 'verloren' });
    expect(total).toBe(1);
    expect(counts.alle).toBe(5);
    expect(await counted({ q: 'wallner' })).toEqual({
      total: 3,
      counts: { alle: 3, anfrage: 1, angebot: 0, auftrag: 0, rechnung: 1, verloren: 1 },
    });
  });

  it('quick search finds Vorgangsnummer, Bezeichnung, customer name and Belegnummer (contains)', async () => {
    expect(await numbers({ q: '000002' })).toEqual(['V26-000002']);
    expect(await numbers({ q: 'raffstore' })).toEqual(['V26-000003']);
    expect(await numbers({ q: 'wallner' })).toEqual(['V26-000003', 'V26-000004', 'V26-000005']);
    expect(await numbers({ q: '0004711' })).toEqual(['V26-000001']);
    expect(await numbers({ q: 're-2026-0000042' })).toEqual(['V26-000003']);
    // A number is looked up by its longest digit run first, then the whole text is checked.
    expect(await numbers({ q: 'v26-000002' })).toEqual(['V26-000002']);
    expect(await numbers({ q: 'x26-000002' })).toEqual([]);
    expect(await numbers({ q: 'an-2026-0000042' })).toEqual([]);
    // % and _ are literal characters, not wildcards.
    expect(await numbers({ q: '50%_' })).toEqual(['V26-000005']);
    expect(await numbers({ q: '%' })).toEqual(['V26-000005']);
  });

  it('quick search: every word must match somewhere, in any order (as Kunden)', async () => {
    expect(await numbers({ q: 'Gruber Maria' })).toEqual(['V26-000001', 'V26-000002']);
    expect(await numbers({ q: 'Maria Gruber' })).toEqual(['V26-000001', 'V26-000002']);
    expect(await numbers({ q: 'Gruber, Maria' })).toEqual(['V26-000001', 'V26-000002']);
    // Words may match different columns: the customer's name and the Bezeichnung, a Belegnummer.
    expect(await numbers({ q: 'haustür gruber' })).toEqual(['V26-000002']);
    expect(await numbers({ q: 'wallner re-2026-0000042' })).toEqual(['V26-000003']);
    // Each word must be found: no match for a word the Vorgang lacks.
    expect(await numbers({ q: 'Maria Wallner' })).toEqual([]);
  });

  it('filters: nur meine, Verkäufer, Filiale, Herkunft, Eigener Status, Label, Kunde', async () => {
    expect(await numbers({ mine: true })).toEqual(['V26-000001', 'V26-000003', 'V26-000005']);
    expect(await numbers({ sellerUserId: ids.other! })).toEqual(['V26-000002', 'V26-000004']);
    expect(await numbers({ branchId: ids.wien! })).toEqual(['V26-000002', 'V26-000005']);
    expect(await numbers({ origin: 'Empfehlung' })).toEqual(['V26-000003']);
    expect(await numbers({ customStatusId: ids.blau! })).toEqual(['V26-000001']);
    expect(await numbers({ labelId: ids.dringend! })).toEqual(['V26-000001', 'V26-000003']);
    expect(await numbers({ customerId: ids.gruber! })).toEqual(['V26-000001', 'V26-000002']);
    expect(await numbers({ mine: true, branchId: ids.wien! })).toEqual(['V26-000005']);
  });

  it('filters amount and date ranges (days of the company, Europe/Vienna)', async () => {
    expect(await numbers({ netFrom: 95000, netTo: 845000 })).toEqual([
      'V26-000001',
      'V26-000002',
      'V26-000004',
    ]);
    expect(await numbers({ expectedFrom: '2026-12-15', expectedTo: '2026-12-31' })).toEqual(['V26-000001']);
    // 2026-11-21T10:00Z is the 21st in Vienna; the range includes its last day.
    expect(await numbers({ activityFrom: '2026-11-21', activityTo: '2026-11-21' })).toEqual(['V26-000002']);
    expect(await numbers({ activityTo: '2026-11-20' })).toEqual(['V26-000001', 'V26-000004']);
  });

  it('column filters with the match modes', async () => {
    const match = (
      matchColumn: ListQuery['matchColumn'],
      matchMode: ListQuery['matchMode'],
      matchValue: string,
    ) => numbers({ matchColumn, matchMode, matchValue });
    expect(await match('title', 'startsWith', 'haus')).toEqual(['V26-000002']);
    expect(await match('title', 'contains', 'haus')).toEqual(['V26-000001', 'V26-000002']);
    expect(await match('vorgangNumber', 'equals', 'v26-000004')).toEqual(['V26-000004']);
    expect(await match('customerName', 'notEquals', 'Gruber, Maria')).toEqual([
      'V26-000003',
      'V26-000004',
      'V26-000005',
    ]);
  });

  it('sorts in both directions and pages without overlap', async () => {
    const byAmount = (await list({ sort: 'netTotalCents', order: 'DESC' })).data.map((r) => r.netTotalCents);
    expect(byAmount).toEqual([2_130_500, 845_000, 310_000, 95_000, 0]);
    expect(await numbers({ sort: 'customerName', order: 'ASC' })).toEqual([
      'V26-000001',
      'V26-000002',
      'V26-000003',
      'V26-000004',
      'V26-000005',
    ]);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(...(await numbers({ perPage: 2, page })));
    expect((await list({ perPage: 2, page: 2 })).hasMore).toBe(true);
    expect((await list({ perPage: 2, page: 3 })).hasMore).toBe(false);
    expect(pages).toEqual(['V26-000001', 'V26-000002', 'V26-000003', 'V26-000004', 'V26-000005']);
  });

  it('refuses bad filters with a German 400 at the field', async () => {
    // Raw calls: the filters are deliberately outside what the declaration's types allow.
    const bad = async (query: Record<string, string>) => {
      const response = await t.callAs(KUNDE, { method: 'GET', url: `/api/${getAllVorgangs.path}`, query });
      expect(response.status).toBe(400);
      // The counts take the same filters and refuse them the same way.
      const { perPage: _perPage, ...countQuery } = query;
      if (!_perPage) {
        const counting = await t.callAs(KUNDE, {
          method: 'GET',
          url: `/api/${getVorgangCounts.path}`,
          query: countQuery,
        });
        expect(counting.status).toBe(400);
      }
      return response;
    };
    expect((await bad({ createdFrom: '2026-02-31' })).errors).toEqual({
      createdFrom: 'Angelegt ab: Bitte geben Sie ein gültiges Datum ein.',
    });
    expect((await bad({ netFrom: '500', netTo: '100' })).errors?.netTo).toMatch(/^Summe netto bis:/);
    expect((await bad({ status: 'erledigt' })).message).toMatch(/status/);
    expect((await bad({ sort: 'geheim' })).message).toMatch(/sort/);
    expect((await bad({ perPage: '100000' })).message).toMatch(/perPage/);
  });

  it('vorgang/by-belegnr finds the Vorgang of a full Belegnummer in any case, else a German 404', async () => {
    const byBelegnr = (belegnr: string) =>
      t.callEndpoint(KUNDE, getVorgangByBelegnr, { params: { belegnr } });
    const found = await byBelegnr('AN-2026-0004711');
    expect(found.result).toEqual({
      id: ids.v1,
      vorgangNumber: 'V26-000001',
      belegNumber: 'AN-2026-0004711',
    });
    const lower = await byBelegnr('ab-2026-0000815');
    expect(lower.result).toMatchObject({ id: ids.v2 });
    const missing = await byBelegnr('AN-2026-0004');
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('Zur Belegnummer „AN-2026-0004“ gibt es keinen Vorgang.');
  });

  it('vorgang/getAllHerkunft lists the active Herkunft values in their order', async () => {
    const herkunft = await resultOf(t.callEndpoint(KUNDE, getAllHerkunft));
    expect(herkunft.map((h) => h.name)).toEqual(['Empfehlung', 'Messe']);
  });

  it('exports exactly the filtered rows, in the list order, with German headers and real Excel types', async () => {
    const queries: QueryOf<typeof exportVorgangExcel>[] = [
      {},
      { mine: true, sort: 'netTotalCents', order: 'DESC' },
      { q: 'wallner' },
    ];
    for (const query of queries) {
      const page = await list(query);
      const { total } = await counted(query);
      // The file itself is bytes, not the JSON wrapper callEndpoint reads.
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/vorgang/exportVorgangExcel',
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value)])),
        headers: { authorization: `Bearer ${await t.tokenFor(KUNDE)}` },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="Vorgaenge_\d{4}-\d{2}-\d{2}\.xlsx"$/,
      );
      const workbook = await workbookOf(response.rawPayload);
      const sheet = workbook.getWorksheet('Vorgänge')!;
      expect(sheet.rowCount - 1).toBe(total);
      const headers = sheet.getRow(1).values;
      // Read from a file: a row's values are a sparse array (from column 1), never keyed.
      if (!Array.isArray(headers)) throw new Error('Kopfzeile ohne Spalten');
      const column = (header: string) => headers.indexOf(header);
      const numbersInFile = [];
      for (let r = 2; r <= sheet.rowCount; r++) numbersInFile.push(sheet.getRow(r).getCell(1).value);
      expect(numbersInFile).toEqual(page.data.map((row) => row.vorgangNumber));
      if (!('q' in query) && !('mine' in query)) {
        const row = sheet.getRow(2 + page.data.findIndex((v) => v.vorgangNumber === 'V26-000001'));
        expect(row.getCell(column('Status')).value).toBe('Angebot');
        expect(row.getCell(column('Summe netto')).value).toBe(8450);
        expect(row.getCell(column('Erwarteter Auftrag')).value).toEqual(new Date(Date.UTC(2026, 11, 15)));
        expect(row.getCell(column('Letzte Aktivität')).value).toEqual(new Date(Date.UTC(2026, 10, 20)));
        expect(row.getCell(column('Labels')).value).toBe('Dringend');
      }
    }
  });

  it('export refuses a bad filter with a German 400 before any byte of the file', async () => {
    const response = await t.callEndpoint(KUNDE, exportVorgangExcel, { query: { activityTo: '2026-13-01' } });
    expect(response.status).toBe(400);
    expect(response.message).toBe('Letzte Aktivität bis: Bitte geben Sie ein gültiges Datum ein.');
  });
});
