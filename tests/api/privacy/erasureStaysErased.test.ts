import { sql } from 'kysely';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reapplyErasures } from '../../../server/privacy/eraseCustomer';
import { connectionStringOf } from '../../../server/platform/db/database';
import { eraseCustomerData } from '../../../src/resources/privacy/privacy.endpoints';
import { getSyncLog, getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const NUMBER = 'K100628';
const PERSON = {
  lastName: 'Quittenbaum',
  firstName: 'Hildegard',
  email: 'hildegard@quittenbaum.example',
  phone: '+43 4242 887766',
};

const kundenCsv = (rows: string[]) =>
  ['kundennummer;kundentyp;vorname;nachname;strasse;plz;ort;land;telefon;email', ...rows].join('\n');
const person = (number: string, overrides: Partial<typeof PERSON> = {}) => {
  const p = { ...PERSON, ...overrides };
  return `${number};Privat;${p.firstName};${p.lastName};Apfelweg 4;9500;Villach;AT;${p.phone};${p.email}`;
};

/** An erased person stays erased: the ERP's data sync skips them, a restored backup erases them again. */
describe('Art. 17: the Löschliste', () => {
  let t: TestApp;
  let customer = 0;

  const sync = async (files: Record<string, string>) => {
    await rm(t.importDir, { recursive: true, force: true });
    await mkdir(t.importDir, { recursive: true });
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(t.importDir, name), text);
    expect((await t.callEndpoint(ADMIN, startSync, { query: {} })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const { run } = await resultOf(t.callEndpoint(ADMIN, getSyncStatus));
      if (run && run.state !== 'laeuft') return run;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('Der Abgleich wurde nicht fertig.');
  };
  const warnings = async (runId: number) =>
    (
      await resultOf(
        t.callEndpoint(ADMIN, getSyncLog, { query: { runId, onlyProblems: true, perPage: 200 } }),
      )
    ).data;
  const customerRow = async () =>
    (
      await sql<Record<string, unknown>>`SELECT last_name, first_name, email, phone, street
        FROM customer WHERE id = ${customer}`.execute(t.db)
    ).rows[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    const run = await sync({
      'kunden.csv': kundenCsv([person(NUMBER)]),
      'belege.csv': `belegnummer;belegart;datum;vorgangsnummer;kundennummer;bezeichnung;netto;brutto\nRE-1;Rechnung;02.11.2026;V-1;${NUMBER};Fenster ${PERSON.lastName};100,00;120,00`,
    });
    expect(run).toMatchObject({ created: 2, rejected: 0, suppressed: 0 });
    customer = (
      await sql<{ id: number }>`SELECT id FROM customer WHERE customer_number = ${NUMBER}`.execute(t.db)
    ).rows[0]!.id;
    await resultOf(
      t.callEndpoint(ADMIN, eraseCustomerData, {
        params: { id: customer },
        body: { reason: 'Antrag per Brief', version: 1 },
      }),
    );
  });
  afterAll(() => t.close());

  it('keeps the number and hashes of e-mail and phone, never the values', async () => {
    const { rows } = await sql<Record<string, unknown>>`SELECT * FROM erasure_suppression`.execute(t.db);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ customer_id: customer, customer_number: NUMBER });
    expect(rows[0]!.email_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.phone_hashes).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    const text = JSON.stringify(rows);
    for (const value of ['quittenbaum', 'Quittenbaum', '887766', 'Hildegard'])
      expect(text).not.toContain(value);
  });

  it('lets the data sync skip and report every row of the erased person, under its number or a new one', async () => {
    const run = await sync({
      'kunden.csv': kundenCsv([
        person(NUMBER),
        // The same person under a new number: by e-mail (in capitals), by the phone written nationally.
        person('K200001', { email: PERSON.email.toUpperCase(), phone: '' }),
        person('K200002', { email: 'neu@example.at', phone: '04242 887766' }),
        person('K200003', { lastName: 'Unbeteiligt', email: 'un@beteiligt.example', phone: '+43 1 2345678' }),
      ]),
      'belege.csv': `belegnummer;belegart;datum;vorgangsnummer;kundennummer;bezeichnung;netto;brutto\nRE-2;Rechnung;05.11.2026;V-2;${NUMBER};Fenster ${PERSON.lastName};100,00;120,00`,
    });
    expect(run).toMatchObject({ state: 'fertig', created: 1, rejected: 0, suppressed: 4 });
    expect(await customerRow()).toEqual({
      last_name: 'Gelöscht (DSGVO)',
      first_name: null,
      email: null,
      phone: null,
      street: null,
    });
    const names = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer
      WHERE last_name = ${PERSON.lastName} OR title LIKE ${`%${PERSON.lastName}%`}`.execute(t.db);
    expect(names.rows[0]!.n).toBe(0);
    expect(
      (
        await sql<{ n: number }>`SELECT count(*)::int AS n FROM beleg WHERE beleg_number = 'RE-2'`.execute(
          t.db,
        )
      ).rows[0]!.n,
    ).toBe(0);
    const messages = (await warnings(run.id)).map((line) => line.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        `Kunde ${NUMBER} übersprungen (Kundennummer steht auf der Löschliste): nach Art. 17 DSGVO gelöscht. Bitte löschen Sie die Person auch im ERP.`,
        'Kunde K200001 übersprungen (E-Mail-Adresse gleicht einer gelöschten): nach Art. 17 DSGVO gelöscht. Bitte löschen Sie die Person auch im ERP.',
        'Kunde K200002 übersprungen (Telefonnummer gleicht einer gelöschten): nach Art. 17 DSGVO gelöscht. Bitte löschen Sie die Person auch im ERP.',
        'Beleg RE-2 übersprungen (Kunde steht auf der Löschliste): nach Art. 17 DSGVO gelöscht. Bitte löschen Sie die Person auch im ERP.',
      ]),
    );
    // The log names no one: the erased person's values appear nowhere in it.
    expect(JSON.stringify(messages)).not.toContain(PERSON.lastName);
  });

  it('erases again a person a restored backup brings back, before an instance serves', async () => {
    // As a backup made before the erasure holds them: the customer row and a note.
    await sql`UPDATE customer SET last_name = ${PERSON.lastName}, first_name = ${PERSON.firstName},
      email = ${PERSON.email}, phone = ${PERSON.phone} WHERE id = ${customer}`.execute(t.db);
    await sql`INSERT INTO timeline_note (customer_id, text, author_name, author_oid)
      VALUES (${customer}, ${`Frau ${PERSON.lastName} ruft zurück`}, 'Vera', 'oid-v')`.execute(t.db);
    // An instance starting over the restored database (a second one over the same database, as in production).
    const started = await createTestApp({ databaseUrl: connectionStringOf(t.db) });
    await started.close();
    expect(await customerRow()).toMatchObject({ last_name: 'Gelöscht (DSGVO)', email: null, phone: null });
    const notes = await sql<{ n: number }>`SELECT count(*)::int AS n FROM timeline_note
      WHERE customer_id = ${customer}`.execute(t.db);
    expect(notes.rows[0]!.n).toBe(0);
    const logged = await sql<{ kind: string; requested_by_name: string }>`SELECT kind, requested_by_name
      FROM privacy_request WHERE customer_id = ${customer} ORDER BY id`.execute(t.db);
    expect(logged.rows.at(-1)).toEqual({ kind: 'loeschung', requested_by_name: 'Löschliste (DSGVO)' });
    // Nothing left to do: a second start erases no one.
    expect((await reapplyErasures(t.db, t.app.fileStore)).customers).toBe(0);
  });
});
