import { sql } from 'kysely';
import { existsSync } from 'node:fs';
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { pdfPages } from '../offerPdf/pdfText';
import { eraseCustomerData, getCustomerDataReport } from '../../../src/resources/privacy/privacy.endpoints';
import { createTestApp, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
// Distinctive words planted in every table that holds something about the customer.
const PLANTED = {
  lastName: 'Zwiebelhuber',
  firstName: 'Korbinian',
  email: 'korbinian@zwiebelhuber.example',
  phone: '+43 664 9876543',
  street: 'Planetenweg 7',
  customField: 'Orchideenzucht',
  endCustomer: 'Quastenflosser',
  endCustomerMail: 'quasten@flosser.example',
  note: 'Hund heißt Bellomir',
  personalNote: 'Kaffee immer Kardamomig',
  activity: 'Aufmaß im Kellergewölbe',
  mailBody: 'Sehr geehrter Herr Zwiebelhuber, anbei Ihr Angebot',
  nps: 'Montageteam Wunderbarst',
  file: 'Grundriss-Zwiebelhuber.pdf',
  belegNote: 'Lieferung an Zwiebelhuber abgestimmt',
  lostReason: 'Korbinian wollte Holzfenster',
  consentNote: 'Einwilligung auf der Häuslbauermesse unterschrieben',
  meeting: 'Besprechung Zitronenfalter Wintergarten',
  automationRun: 'Rechnung R-PRIV-1 für Zwiebelhuber eingegangen',
  automationStep: 'Benachrichtigung „Rückruf bei Korbinian“ an Vera Verkauf',
  notification: 'Zwiebelhuber hat die Rechnung erhalten',
};
const PLANTED_WORDS = [
  'Zwiebelhuber',
  'Korbinian',
  'zwiebelhuber.example',
  '9876543',
  'Planetenweg',
  'Orchideenzucht',
  'Quastenflosser',
  'flosser.example',
  'Bellomir',
  'Kardamomig',
  'Kellergewölbe',
  'Wunderbarst',
  'Zitronenfalter',
];

/** Every text and JSON column of every table that holds one of the words, as "table.column: word". */
async function whereFound(t: TestApp, words: readonly string[]): Promise<string[]> {
  const columns = (
    await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json')`.execute(t.db)
  ).rows;
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    for (const word of words) {
      const hit = await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table_name)}
        WHERE ${sql.ref(column_name)}::text ILIKE ${`%${word}%`}`.execute(t.db);
      if (hit.rows[0]!.n > 0) found.push(`${table_name}.${column_name}: ${word}`);
    }
  }
  return found;
}

describe('privacy: DSGVO requests on a customer', () => {
  let t: TestApp;
  let customerId: number;
  let storedFile: string;
  let seller: number;
  let otherEndCustomer: number;

  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    customerId = await id(sql<{
      id: number;
    }>`INSERT INTO customer (last_name, first_name, email, phone, street, zip,
      city, customer_number, custom_fields) VALUES (${PLANTED.lastName}, ${PLANTED.firstName}, ${PLANTED.email},
      ${PLANTED.phone}, ${PLANTED.street}, '9020', 'Klagenfurt', 'K-4711', ${JSON.stringify({ Hobby: PLANTED.customField })}::jsonb)
      RETURNING id`);
    const endCustomer = await id(sql<{ id: number }>`INSERT INTO end_customer (name, email, street)
      VALUES (${PLANTED.endCustomer}, ${PLANTED.endCustomerMail}, 'Flossenweg 1') RETURNING id`);
    // An Endkunde another customer's Vorgang also names stays as it is.
    otherEndCustomer = await id(sql<{
      id: number;
    }>`INSERT INTO end_customer (name) VALUES ('Geteilte Endkundin')
      RETURNING id`);
    const other = await id(
      sql<{ id: number }>`INSERT INTO customer (last_name) VALUES ('Andere') RETURNING id`,
    );
    await sql`INSERT INTO vorgang (customer_id, title, vorgang_number, end_customer_id, system_status)
      VALUES (${other}, 'Fremder Vorgang', 'V-PRIV-9', ${otherEndCustomer}, 'angebot')`.execute(t.db);
    const vorgang = await id(sql<{ id: number }>`INSERT INTO vorgang (customer_id, title, vorgang_number,
      end_customer_id, system_status, lost_reason) VALUES (${customerId}, ${`Fenster ${PLANTED.lastName}`}, 'V-PRIV-1',
      ${endCustomer}, 'rechnung', ${PLANTED.lostReason}) RETURNING id`);
    await sql`INSERT INTO vorgang (customer_id, title, vorgang_number, end_customer_id, system_status)
      VALUES (${customerId}, 'Zweiter', 'V-PRIV-2', ${otherEndCustomer}, 'verloren')`.execute(t.db);
    const beleg = await id(sql<{
      id: number;
    }>`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date,
      net_cents) VALUES (${vorgang}, 'R-PRIV-1', 'rechnung', '2026-10-01', 123456) RETURNING id`);
    await sql`INSERT INTO beleg_note (beleg_id, text) VALUES (${beleg}, ${PLANTED.belegNote})`.execute(t.db);
    await sql`INSERT INTO timeline_note (customer_id, text, author_name, author_oid)
      VALUES (${customerId}, ${PLANTED.note}, 'Vera Verkauf', 'oid-v')`.execute(t.db);
    await sql`INSERT INTO personal_note (customer_id, user_oid, text)
      VALUES (${customerId}, 'oid-v', ${PLANTED.personalNote})`.execute(t.db);
    const activity = await id(sql<{ id: number }>`INSERT INTO activity (customer_id, activity_type, note)
      VALUES (${customerId}, 'besuch', ${PLANTED.activity}) RETURNING id`);
    await sql`INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status)
      VALUES (${customerId}, 'oid-v', 'Vera Verkauf', ${PLANTED.email}, 'Ihr Angebot', ${PLANTED.mailBody},
        'gesendet')`.execute(t.db);
    // Microsoft 365: the Termin's copy in a seller's Outlook calendar, and a meeting read from Outlook.
    seller = await id(sql<{ id: number }>`INSERT INTO app_user (azure_oid, name)
      VALUES ('oid-outlook-privacy', 'Olga Outlook') RETURNING id`);
    await sql`INSERT INTO m365_event (activity_id, user_id, event_id, want, synced_version)
      VALUES (${activity}, ${seller}, 'AAMk-privacy', 'ok', 1)`.execute(t.db);
    await sql`INSERT INTO m365_meeting (user_id, event_id, customer_id, subject, start_at, end_at, location)
      VALUES (${seller}, 'AAMk-meeting', ${customerId}, ${PLANTED.meeting}, '2026-11-20T09:00:00Z',
        '2026-11-20T10:00:00Z', 'Zitronenfalterweg 3, Villach')`.execute(t.db);
    await sql`INSERT INTO customer_consent (customer_id, granted, source, given_on, note, recorded_by_name)
      VALUES (${customerId}, true, 'schriftlich', '2026-10-30', ${PLANTED.consentNote}, 'Vera Verkauf')`.execute(
      t.db,
    );
    await sql`INSERT INTO nps_answer (customer_id, score, comment) VALUES (${customerId}, 9, ${PLANTED.nps})`.execute(
      t.db,
    );
    // An automation's run on the Vorgang, its step and the notification it left a seller (as the engine writes them).
    const automation = await id(sql<{
      id: number;
    }>`INSERT INTO automation (name, trigger_kind, owner_oid, owner_name)
      VALUES ('Rechnung melden', 'beleg', 'oid-v', 'Vera Verkauf') RETURNING id`);
    const automationVersion = await id(sql<{
      id: number;
    }>`INSERT INTO automation_version (automation_id, number,
      definition, created_by) VALUES (${automation}, 1, '{}'::jsonb, 'Vera Verkauf') RETURNING id`);
    const run = await id(sql<{
      id: number;
    }>`INSERT INTO automation_run (automation_id, version_id, dedupe_key,
        vorgang_id, customer_id, occurrence, chain, state)
      VALUES (${automation}, ${automationVersion}, 'priv-1', ${vorgang}, ${customerId}, ${PLANTED.automationRun},
        ARRAY[${automation}::int], 'fertig') RETURNING id`);
    await sql`INSERT INTO automation_run_step (run_id, step, action, state, summary)
      VALUES (${run}, 0, 'benachrichtigung', 'fertig', ${PLANTED.automationStep})`.execute(t.db);
    const notified = await id(sql<{ id: number }>`INSERT INTO app_user (azure_oid, name)
      VALUES ('oid-v', 'Vera Verkauf') RETURNING id`);
    await sql`INSERT INTO notification (user_id, kind, title, body, vorgang_id, customer_id)
      VALUES (${notified}, 'hinweis', ${PLANTED.notification}, 'V-PRIV-1', ${vorgang}, ${customerId})`.execute(
      t.db,
    );
    // An earlier change of the customer's phone, as the Änderungsverlauf keeps it.
    await sql`INSERT INTO change_record (actor_name, area, record_id, action, changes, customer_id)
      VALUES ('Vera Verkauf', 'kunden', ${customerId}, 'update',
        ${JSON.stringify({ phone: { old: '0463 1', new: PLANTED.phone } })}::jsonb, ${customerId})`.execute(
      t.db,
    );
    storedFile = 'privacy-test-file.pdf';
    await mkdir(t.filesDir, { recursive: true });
    await writeFile(path.join(t.filesDir, storedFile), 'PDF');
    await sql`INSERT INTO stored_file (owner_type, owner_id, original_name, stored_name, mime_type, size_bytes)
      VALUES ('aktivitaet', ${activity}, ${PLANTED.file}, ${storedFile}, 'application/pdf', 3)`.execute(t.db);
  });
  afterAll(() => t.close());

  const version = async () =>
    (await sql<{ version: number }>`SELECT version FROM customer WHERE id = ${customerId}`.execute(t.db))
      .rows[0]!.version;

  it('refuses both requests to everyone but the administration', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_NPS', 'APP_DATEIEN']]) {
      expect(
        (await t.callEndpoint(groups, getCustomerDataReport, { params: { id: customerId } })).status,
      ).toBe(403);
      const erase = await t.callEndpoint(groups, eraseCustomerData, {
        params: { id: customerId },
        body: { reason: 'Antrag per Brief', version: await version() },
      });
      expect(erase.status).toBe(403);
    }
    expect((await t.callEndpoint(null, getCustomerDataReport, { params: { id: customerId } })).status).toBe(
      401,
    );
  });

  it('Art. 15: one ZIP whose PDF holds a planted value from every table in German words, recorded with who asked', async () => {
    const token = await t.tokenFor(ADMIN);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/dsgvo/auskunft/${customerId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(zip).sort()).toEqual(['Auskunft.pdf', `Dateien/${PLANTED.file}`, 'daten.json']);
    expect(Buffer.from(zip[`Dateien/${PLANTED.file}`]!).toString()).toBe('PDF');
    // The machine-readable copy (Art. 20) holds the same.
    const copy = JSON.stringify(JSON.parse(Buffer.from(zip['daten.json']!).toString('utf8')));
    for (const value of Object.values(PLANTED)) expect(copy, value).toContain(value);
    const pages = await pdfPages(Buffer.from(zip['Auskunft.pdf']!));
    const text = pages.join(' ').replace(/\s+/g, ' ');
    for (const value of Object.values(PLANTED)) expect(text, value).toContain(value);
    expect(text).toContain('R-PRIV-1');
    expect(text).toContain('1.234,56 €');
    // German words, not the stored codes.
    expect(text).toContain('Kundentyp: Privat');
    expect(text).toContain('Rechnung: R-PRIV-1');
    expect(text).toContain('Art: Besuch');
    expect(text).toContain('Erteilt: 30.10.2026');
    expect(text).toContain('von Vera Verkauf (Gesendet)');
    // Microsoft 365: where the CRM put a copy, and what it read from Outlook.
    expect(text).toContain('Im Outlook-Kalender von: Olga Outlook');
    expect(text).toContain('Outlook-Termine mit dem Kunden');
    expect(text).toContain('Ort: Zitronenfalterweg 3, Villach');
    // The Änderungsverlauf with the old value the CRM still keeps.
    expect(text).toContain('Telefon: 0463 1 -> +43 664 9876543');
    expect(text).toContain('Beschwerderecht: Sie können sich bei der Aufsichtsbehörde beschweren');
    expect(text).not.toMatch(/Kundenart|: privat\b|: rechnung\b|Art: besuch/);
    // Every page has more than its footer (no trailing blank pages "Seite 1 von 2").
    for (const [i, page] of pages.entries()) {
      const content = page.replace(/Strussnig Fenster & Türen GmbH · Seite \d+ von \d+/, '').trim();
      expect(content.length, `Seite ${i + 1}: ${page}`).toBeGreaterThan(40);
      expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
    }
    const logged = await sql<{ kind: string; customer_number: string }>`SELECT kind, customer_number
      FROM privacy_request WHERE customer_id = ${customerId}`.execute(t.db);
    expect(logged.rows).toEqual([{ kind: 'auskunft', customer_number: 'K-4711' }]);
    expect((await t.callEndpoint(ADMIN, getCustomerDataReport, { params: { id: 999999 } })).status).toBe(404);
  });

  it('Art. 17: refused with a German reason while a Vorgang is open, at a stale version, or without a reason', async () => {
    await sql`UPDATE vorgang SET system_status = 'auftrag' WHERE vorgang_number = 'V-PRIV-2'`.execute(t.db);
    const open = await t.callEndpoint(ADMIN, eraseCustomerData, {
      params: { id: customerId },
      body: { reason: 'Antrag per Brief', version: await version() },
    });
    expect(open.status).toBe(409);
    expect(open.message).toContain('offene Vorgänge (V-PRIV-2)');
    await sql`UPDATE vorgang SET system_status = 'verloren' WHERE vorgang_number = 'V-PRIV-2'`.execute(t.db);
    await sql`UPDATE customer SET updated_by = 'Sven Standort' WHERE id = ${customerId}`.execute(t.db);
    const stale = await t.callEndpoint(ADMIN, eraseCustomerData, {
      params: { id: customerId },
      body: { reason: 'Antrag per Brief', version: (await version()) - 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.message).toMatch(/^Kunde „.+“ wurde inzwischen von Sven Standort geändert\./);
    const noReason = await t.callEndpoint(ADMIN, eraseCustomerData, {
      params: { id: customerId },
      body: { reason: ' ', version: await version() },
    });
    expect(noReason.status).toBe(400);
    expect(Object.keys(noReason.errors ?? {})).toContain('reason');
    // Nothing was changed by the refusals.
    expect(await whereFound(t, ['Zwiebelhuber'])).not.toEqual([]);
  });

  it('Art. 17: leaves no planted value anywhere in the database, keeps the Belege, removes the files, records it', async () => {
    const belegeBefore = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM beleg`.execute(t.db))
      .rows[0]!.n;
    // A mail of a bulk action still waiting in the Postausgang (due in an hour, so not sent meanwhile).
    // Its hidden fill (what only the sent text carries) holds a planted value too.
    const waiting = await id(sql<{ id: number }>`INSERT INTO sent_mail (customer_id, sender_oid, sender_name,
        recipient, subject, body, status, next_attempt_at, hidden_fills)
      VALUES (${customerId}, 'oid-v', 'Vera Verkauf', ${PLANTED.email}, 'Rundmail', 'Text', 'wartend',
        now() + interval '1 hour', jsonb_build_object('[Link]', ${PLANTED.email}::text)) RETURNING id`);
    const erase = await t.callEndpoint(ADMIN, eraseCustomerData, {
      params: { id: customerId },
      body: { reason: 'Antrag per Brief vom 20.11.', version: await version() },
    });
    expect(erase.status).toBe(200);
    expect(erase.result).toMatchObject({ id: customerId, keptBelege: 1, removedFiles: 1 });
    expect(await whereFound(t, PLANTED_WORDS)).toEqual([]);
    // The Termin's copy in Outlook is written again, now without the person's data; the read meeting is gone.
    const outlook = await sql<{
      want: string;
    }>`SELECT want FROM m365_event WHERE user_id = ${seller}`.execute(t.db);
    expect(outlook.rows).toEqual([{ want: 'senden' }]);
    const unsent = await sql<{ status: string; error: string }>`SELECT status, error FROM sent_mail
      WHERE id = ${waiting}`.execute(t.db);
    expect(unsent.rows[0]).toEqual({
      status: 'fehler',
      error: 'Nicht gesendet: Die Daten des Kunden wurden gelöscht.',
    });
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM beleg`.execute(t.db)).rows[0]!.n).toBe(
      belegeBefore,
    );
    const kept = await sql<{ title: string; customer_number: string }>`SELECT v.title, c.customer_number
      FROM vorgang v JOIN customer c ON c.id = v.customer_id WHERE v.vorgang_number = 'V-PRIV-1'`.execute(
      t.db,
    );
    expect(kept.rows[0]).toEqual({ title: 'Fenster Gelöscht (DSGVO)', customer_number: 'K-4711' });
    expect(existsSync(path.join(t.filesDir, storedFile))).toBe(false);
    const shared = await sql<{
      name: string;
    }>`SELECT name FROM end_customer WHERE id = ${otherEndCustomer}`.execute(t.db);
    expect(shared.rows[0]!.name).toBe('Geteilte Endkundin');
    const logged = await sql<{ kind: string; reason: string | null }>`SELECT kind, reason FROM privacy_request
      WHERE customer_id = ${customerId} ORDER BY id`.execute(t.db);
    expect(logged.rows.map((row) => row.kind)).toEqual(['auskunft', 'loeschung']);
    expect(logged.rows[1]!.reason).toBe('Antrag per Brief vom 20.11.');
    // The Änderungsverlauf keeps that the phone changed, not to what, and records the erasure with its reason.
    const history = await sql<{ changes: Record<string, { old: unknown; new: unknown }> }>`SELECT changes
      FROM change_record WHERE area = 'kunden' AND record_id = ${customerId} ORDER BY id`.execute(t.db);
    expect(Object.keys(history.rows[0]!.changes)).toEqual(['phone']);
    expect(history.rows.at(-1)!.changes.dsgvo!.new).toBe(
      'Gelöscht nach Art. 17 DSGVO: Antrag per Brief vom 20.11.',
    );
  });
});
