import { sql } from 'kysely';
import { appendFile, cp } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_IMPORT_DIR } from '../../../server/sync/sampleImport';
import { createTestApp, type TestApp } from '../../support/testApp';

const KUNDE = ['APP_KUNDE'];
const ADMIN = ['APP_ADMIN'];
const CALLER_OID = '11111111-2222-3333-4444-555555555555';

describe('vorgang/saveNewVorgang and the data sync attaching the ERP Belege', () => {
  let t: TestApp;
  let seller: number;
  let branch: number;
  let customer: number;
  const save = (body: Record<string, unknown>) =>
    t.call(KUNDE, { method: 'POST', url: '/api/vorgang/saveNewVorgang', payload: body });
  const vorgangCount = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang`.execute(t.db)).rows[0]!.n;
  const sync = async () => {
    expect((await t.call(ADMIN, { method: 'POST', url: '/api/etl/sync/daten' })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const status = await t.call(ADMIN, { method: 'GET', url: '/api/etl/sync/status' });
      const run = status.body.result.run as { state: string } | null;
      if (run && run.state !== 'laeuft') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Der Abgleich wurde nicht fertig.');
  };

  beforeAll(async () => {
    t = await createTestApp();
    branch = (
      await sql<{
        id: number;
      }>`INSERT INTO branch (name, code) VALUES ('Villach', 'VIL') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    seller = (
      await sql<{
        id: number;
      }>`INSERT INTO app_user (azure_oid, name, branch_id) VALUES (${CALLER_OID}, 'Victor Verkauf', ${branch}) RETURNING id`.execute(
        t.db,
      )
    ).rows[0]!.id;
    await sql`INSERT INTO stammdaten (category, value) VALUES ('herkunft', 'Messe')`.execute(t.db);
    // The sample ERP export makes the customers (E-900001 …) the new Vorgang belongs to.
    await cp(SAMPLE_IMPORT_DIR, t.importDir, { recursive: true });
    await sync();
    customer = (
      await sql<{ id: number }>`SELECT id FROM customer WHERE customer_number = 'E-900002'`.execute(t.db)
    ).rows[0]!.id;
  });
  afterAll(() => t.close());

  it('starts the form with the caller as Verkäufer and their Filiale', async () => {
    const response = await t.call(KUNDE, { method: 'GET', url: '/api/vorgang/newVorgangDefaults' });
    expect(response.body.result).toEqual({ sellerUserId: seller, branchId: branch });
  });

  it('refuses bad input with a German 400 per field and saves nothing', async () => {
    const before = await vorgangCount();
    const empty = await save({});
    expect(empty.status).toBe(400);
    expect(empty.body.result.errors).toEqual({
      customerId: 'Kunde ist ein Pflichtfeld.',
      title: 'Bezeichnung ist ein Pflichtfeld.',
      sellerUserId: 'Verkäufer ist ein Pflichtfeld.',
      branchId: 'Filiale ist ein Pflichtfeld.',
    });
    const wrong = await save({
      customerId: 999999,
      title: 'Fenster',
      origin: 'Zeitung',
      sellerUserId: 999999,
      branchId: 999999,
      expectedOrderDate: '15.12.2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.errors).toEqual({
      expectedOrderDate: 'Erwarteter Auftrag: Bitte geben Sie ein gültiges Datum ein.',
    });
    const unknown = await save({
      customerId: 999999,
      title: 'Fenster',
      origin: 'Zeitung',
      sellerUserId: 999999,
      branchId: 999999,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.errors).toEqual({
      customerId: 'Kunde: Diesen Kunden gibt es nicht.',
      sellerUserId: 'Verkäufer: Diesen aktiven Benutzer gibt es nicht.',
      branchId: 'Filiale: Diese Filiale gibt es nicht.',
      origin: 'Herkunft: Bitte wählen Sie einen Wert aus der Liste.',
    });
    // Otto Ohne is in the directory without any group: no customer access, no Verkäufer.
    const { rows: otto } = await sql<{ id: number }>`
      INSERT INTO app_user (azure_oid, name) VALUES ('5b0a3c1e-7d1f-4e0a-9a11-0000000a0005', 'Otto Ohne')
      RETURNING id`.execute(t.db);
    const noAccess = await save({
      customerId: customer,
      title: 'Fenster',
      sellerUserId: otto[0]!.id,
      branchId: branch,
    });
    expect(noAccess.status).toBe(400);
    expect(noAccess.body.result.errors).toEqual({
      sellerUserId: 'Verkäufer: Diese Person ist nicht aktiv oder hat keinen Zugriff auf Kunden.',
    });
    const long = await save({
      customerId: customer,
      title: 'x'.repeat(201),
      sellerUserId: seller,
      branchId: branch,
    });
    expect(long.body.result.errors).toEqual({ title: 'Bezeichnung darf höchstens 200 Zeichen lang sein.' });
    expect(await vorgangCount()).toBe(before);
  });

  it('creates an Anfrage numbered CRM-…, which the data sync later fills with the ERP Belege', async () => {
    const created = await save({
      customerId: customer,
      title: 'Wintergarten Werkhalle',
      origin: 'Messe',
      sellerUserId: seller,
      branchId: branch,
      expectedOrderDate: '2027-03-01',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { id, vorgangNumber } = created.body.result as { id: number; vorgangNumber: string };
    expect(vorgangNumber).toMatch(/^CRM-\d{6}$/);
    const row = async () =>
      (
        await sql<Record<string, unknown>>`
          SELECT v.system_status AS status, v.title, v.origin, v.seller_user_id AS seller, v.branch_id AS branch,
            to_char(v.expected_order_date, 'YYYY-MM-DD') AS expected,
            (SELECT count(*)::int FROM vorgang_status_change s WHERE s.vorgang_id = v.id) AS "statusChanges",
            (SELECT string_agg(beleg_number, ',') FROM beleg b WHERE b.vorgang_id = v.id) AS belege
          FROM vorgang v WHERE v.id = ${id}`.execute(t.db)
      ).rows[0];
    expect(await row()).toEqual({
      status: 'anfrage',
      title: 'Wintergarten Werkhalle',
      origin: 'Messe',
      seller,
      branch,
      expected: '2027-03-01',
      statusChanges: 1,
      belege: null,
    });
    const list = await t.call(KUNDE, {
      method: 'GET',
      url: '/api/vorgang/getVorgangCounts',
      query: { q: vorgangNumber },
    });
    expect((list.body.result as { total: number }).total).toBe(1);

    // The ERP took the CRM number over: its next export carries Belege with that Vorgangsnummer.
    const before = await vorgangCount();
    await appendFile(
      path.join(t.importDir, 'belege.csv'),
      `AN-E-900077;Angebot;20.11.2026;${vorgangNumber};E-900002;Wintergarten (ERP-Text);12.000,00;14.400,00;offen\n`,
    );
    // A "CRM-…" number the CRM never gave is refused, not made up (it would collide with the next one).
    await appendFile(
      path.join(t.importDir, 'belege.csv'),
      'AN-E-900078;Angebot;20.11.2026;CRM-999999;E-900002;;1,00;1,20;offen\n',
    );
    await sync();
    expect(await vorgangCount()).toBe(before);
    const refused = await sql<{ message: string }>`
      SELECT message FROM etl_sync_log WHERE message LIKE '%CRM-999999%'`.execute(t.db);
    expect(refused.rows.map((r) => r.message)).toEqual([
      'Den Vorgang CRM-999999 gibt es im CRM nicht; Nummern „CRM-…“ vergibt nur das CRM.',
    ]);
    expect(await row()).toMatchObject({
      status: 'angebot',
      title: 'Wintergarten Werkhalle',
      seller,
      branch,
      belege: 'AN-E-900077',
    });
  });

  it('gives each new Vorgang the next number', async () => {
    const body = { customerId: customer, title: 'Haustür', sellerUserId: seller, branchId: branch };
    const a = (await save(body)).body.result.vorgangNumber as string;
    const b = (await save(body)).body.result.vorgangNumber as string;
    expect(Number(b.slice(4))).toBe(Number(a.slice(4)) + 1);
  });
});
