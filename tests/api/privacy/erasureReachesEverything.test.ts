import { sql } from 'kysely';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshMatchKeys } from '../../../server/duplicates/computeDuplicates';
import type { InputArgs } from '../../../src/api/callEndpoint';
import type { EndpointDeclaration } from '../../../src/api/endpoint';
import { IDEMPOTENCY_HEADER } from '../../../src/api/idempotency.rules';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { getChangesForCustomer } from '../../../src/resources/changeHistory/changeHistory.endpoints';
import { recordConsent } from '../../../src/resources/consent/consent.endpoints';
import customerEntity from '../../../src/resources/customers/customer.entity';
import {
  addCustomDescriptionToPosNr,
  addEndkundeToVorgang,
  updateCustomerField,
  updatePersonalNotes,
} from '../../../src/resources/customers/customers.endpoints';
import { postNoteToTimeline } from '../../../src/resources/customers/timeline/timeline.endpoints';
import { uploadActivityFile, uploadCustomerFile } from '../../../src/resources/files/files.endpoints';
import { eraseCustomerData } from '../../../src/resources/privacy/privacy.endpoints';
import { saveNewVorgang } from '../../../src/resources/vorgaenge/newVorgang.endpoints';
import {
  addNoteToBelegInteraction,
  uploadVorgangFile,
} from '../../../src/resources/vorgaenge/vorgang.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { uploadTo } from '../../support/fileCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];

// The person's own data and texts about them, each planted through the write path a person uses.
const PERSON = {
  lastName: 'Pfeffersack',
  firstName: 'Ottokar',
  email: 'ottokar@pfeffersack.example',
  phone: '+43 463 7654321',
  mobile: '+43 676 5551234',
  formerMobile: '+43 699 4443332',
  street: 'Zimtgasse 12',
};
const TEXTS = {
  note: 'Ruft nur abends an, Nummer 0676/5551234',
  personalNote: 'Mag Muskatnuss-Kekse',
  activity: 'Aufmaß auf dem Dachboden Pfeffersack',
  positionText: 'Wunsch von Ottokar: Sprossen wie Großvaterhaus',
  belegNote: 'Lieferung mit Pfeffersack telefonisch abgestimmt',
  vorgangTitle: 'Wintergarten Pfeffersack',
  endCustomer: 'Hausverwaltung Rübezahl',
  endCustomerMail: 'post@ruebezahl.example',
  endCustomerPhone: '+43 512 9990001',
  file: 'Skizze-Pfeffersack-Dachboden.pdf',
  vorgangFile: 'Aufmass-Zimtgasse.pdf',
  nps: 'Monteur Pfeffersack-Schwager war super',
  mail: 'Sehr geehrter Herr Pfeffersack, wie besprochen',
  customField: 'Kardamomplantage',
  consentNote: 'Am Stand der Messe Safranhausen unterschrieben',
};
/** What must be gone from every table and column after the erasure. */
const SEARCHED = [
  'Pfeffersack',
  'Ottokar',
  'pfeffersack.example',
  '7654321',
  '5551234',
  '4443332',
  'Zimtgasse',
  'Muskatnuss',
  'Dachboden',
  'Rübezahl',
  'ruebezahl.example',
  '9990001',
  'Kardamomplantage',
  'Safranhausen',
];

/** Every text, JSON and array column of every table holding one of the words, as "table.column: word". */
async function whereFound(t: TestApp, words: readonly string[]): Promise<string[]> {
  const columns = (
    await sql<{ table_name: string; column_name: string }>`SELECT table_name, column_name
      FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE table_schema = 'public' AND t.table_type = 'BASE TABLE'
        AND data_type IN ('text', 'character varying', 'character', 'jsonb', 'json', 'ARRAY')
      ORDER BY 1, 2`.execute(t.db)
  ).rows;
  expect(columns.length).toBeGreaterThan(150);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{ word: string }>`SELECT w.word FROM unnest(${words}::text[]) AS w(word)
      WHERE EXISTS (SELECT 1 FROM ${sql.table(table_name)} x
        WHERE x.${sql.ref(column_name)}::text ILIKE '%' || w.word || '%')`.execute(t.db);
    for (const { word } of rows) found.push(`${table_name}.${column_name}: ${word}`);
  }
  return found;
}

describe('Art. 17: the erasure reaches every record of the person, the Änderungsverlauf included', () => {
  let t: TestApp;
  let customer = 0;
  let vorgang = 0;
  let owners: number[] = [];
  let label = 0;

  const call = <E extends EndpointDeclaration>(endpoint: E, ...input: InputArgs<E>) =>
    resultOf(t.callEndpoint(ADMIN, endpoint, ...input));
  const version = async (table: string, id: number) =>
    (await sql<{ version: number }>`SELECT version FROM ${sql.table(table)} WHERE id = ${id}`.execute(t.db))
      .rows[0]!.version;

  beforeAll(async () => {
    // The Verkäufer of the Vorgang needs customer access in the directory.
    t = await createTestApp({
      directoryPeople: [
        { oid: 'oid-a', name: 'Anna Alt', groups: ['APP_KUNDE'] },
        { oid: 'oid-b', name: 'Bernd Neu', groups: ['APP_KUNDE'] },
      ],
    });
    const branch = (
      await sql<{
        id: number;
      }>`INSERT INTO branch (name, code) VALUES ('Villach', 'VI') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    owners = (
      await sql<{ id: number }>`INSERT INTO app_user (azure_oid, name, branch_id)
        VALUES ('oid-a', 'Anna Alt', ${branch}), ('oid-b', 'Bernd Neu', ${branch}) RETURNING id`.execute(t.db)
    ).rows.map((row) => row.id);
    label = (
      await sql<{ id: number }>`INSERT INTO label (name, color, for_customer, active)
        VALUES ('Rückruf', '#ff9800', true, true) RETURNING id`.execute(t.db)
    ).rows[0]!.id;

    // The customer, created as the form does (with an Idempotency-Key, whose stored answer names them).
    // entityCalls sends no Idempotency-Key, so the form's request is made here.
    const created = await t.callAs(ADMIN, {
      method: 'POST',
      url: `/api/${customerEntity.endpoints.create}`,
      payload: {
        customerType: 'privat',
        lastName: PERSON.lastName,
        firstName: PERSON.firstName,
        email: PERSON.email,
        phone: PERSON.phone,
        mobile: PERSON.formerMobile,
        street: PERSON.street,
        zip: '9020',
        city: 'Klagenfurt',
        country: 'AT',
        ownerUserId: owners[0],
        branchId: branch,
      },
      headers: { [IDEMPOTENCY_HEADER]: '6f1c2a9e-2b7d-4c3e-9a51-0d8e7f6a5b41' },
    });
    expect(created.status, created.message).toBe(200);
    customer = (
      await sql<{ id: number }>`SELECT id FROM customer WHERE email = ${PERSON.email}`.execute(t.db)
    ).rows[0]!.id;
    await sql`UPDATE customer SET custom_fields = ${JSON.stringify({ Hobby: TEXTS.customField })}::jsonb
      WHERE id = ${customer}`.execute(t.db);
    // A new mobile number: the Änderungsverlauf keeps the former one.
    await call(updateCustomerField, {
      body: {
        id: customer,
        version: await version('customer', customer),
        field: 'mobile',
        value: PERSON.mobile,
      },
    });
    // Unrelated to the person: a new Betreuer and a label; their history keeps its values.
    await call(updateCustomerField, {
      body: {
        id: customer,
        version: await version('customer', customer),
        field: 'ownerUserId',
        value: owners[1],
      },
    });
    await call(updateCustomerField, {
      body: { id: customer, version: await version('customer', customer), field: 'labelIds', value: [label] },
    });
    await call(postNoteToTimeline, { body: { customerId: customer, text: TEXTS.note } });
    await call(updatePersonalNotes, {
      params: { id: customer },
      body: { text: TEXTS.personalNote, version: 0 },
    });
    await call(recordConsent, {
      body: {
        customerId: customer,
        granted: true,
        source: 'schriftlich',
        givenOn: '2026-10-30',
        note: TEXTS.consentNote,
      },
    });
    const activity = await resultOf(
      entityCalls(t, activityEntity).create(ADMIN, {
        customerId: customer,
        activityType: 'besuch',
        activityDate: '2026-11-02',
        note: TEXTS.activity,
      }),
    );
    const pdf = (name: string, text: string) => ({ name, content: Buffer.from(`%PDF-1.4 ${text}`) });
    await resultOf(
      uploadTo(t, ADMIN, uploadCustomerFile, { params: { id: customer } }, pdf(TEXTS.file, 'Skizze')),
    );
    await resultOf(
      uploadTo(
        t,
        ADMIN,
        uploadActivityFile,
        { params: { id: activity.id } },
        pdf('Foto-Pfeffersack.pdf', 'Foto'),
      ),
    );

    vorgang = (
      await call(saveNewVorgang, {
        body: {
          customerId: customer,
          title: TEXTS.vorgangTitle,
          sellerUserId: owners[0],
          branchId: branch,
        },
      })
    ).id;
    await call(addEndkundeToVorgang, {
      body: {
        customerId: customer,
        vorgangId: vorgang,
        version: await version('vorgang', vorgang),
        endCustomer: {
          name: TEXTS.endCustomer,
          email: TEXTS.endCustomerMail,
          phone: TEXTS.endCustomerPhone,
          zip: '6020',
          city: 'Innsbruck',
          country: 'AT',
        },
      },
    });
    await resultOf(
      uploadTo(t, ADMIN, uploadVorgangFile, { params: { id: vorgang } }, pdf(TEXTS.vorgangFile, 'Aufmaß')),
    );
    // The ERP's Beleg with a position; the seller's own text and note on it.
    const beleg = (
      await sql<{
        id: number;
      }>`INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date, net_cents)
        VALUES (${vorgang}, 'RE-ERASE-1', 'rechnung', '2026-11-03', 500000) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    const position = (
      await sql<{ id: number; version: number }>`INSERT INTO beleg_position (beleg_id, pos_nr, description,
        quantity, unit_price_cents, total_cents) VALUES (${beleg}, 1, 'Holz-Alu-Fenster', 2, 250000, 500000)
        RETURNING id, version`.execute(t.db)
    ).rows[0]!;
    await call(addCustomDescriptionToPosNr, {
      body: {
        customerId: customer,
        positionId: position.id,
        version: position.version,
        customDescription: TEXTS.positionText,
      },
    });
    await call(addNoteToBelegInteraction, { body: { belegId: beleg, text: TEXTS.belegNote } });
    // What arrives without a person's form: a survey answer, a sent mail.
    await sql`INSERT INTO nps_answer (customer_id, score, comment) VALUES (${customer}, 10, ${TEXTS.nps})`.execute(
      t.db,
    );
    await sql`INSERT INTO sent_mail (customer_id, sender_oid, sender_name, recipient, subject, body, status)
      VALUES (${customer}, 'oid-a', 'Anna Alt', ${PERSON.email}, 'Angebot', ${TEXTS.mail}, 'gesendet')`.execute(
      t.db,
    );
    // An automation's run on the Vorgang: what started it and what its step did name the person, and so does
    // the notification it left a seller (as the engine writes them, server/automation).
    const automation = (
      await sql<{ id: number }>`INSERT INTO automation (name, trigger_kind, owner_oid, owner_name)
        VALUES ('Rechnung melden', 'beleg', 'oid-a', 'Anna Alt') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    const automationVersion = (
      await sql<{ id: number }>`INSERT INTO automation_version (automation_id, number, definition, created_by)
        VALUES (${automation}, 1, '{}'::jsonb, 'Anna Alt') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    const run = (
      await sql<{ id: number }>`INSERT INTO automation_run (automation_id, version_id, dedupe_key, vorgang_id,
          customer_id, occurrence, chain, state, error)
        VALUES (${automation}, ${automationVersion}, 'erase-1', ${vorgang}, ${customer},
          ${`Rechnung RE-ERASE-1 für ${PERSON.lastName} eingegangen`}, ARRAY[${automation}::int], 'fertig',
          ${`Webhook für ${PERSON.email} abgelehnt`})
        RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    await sql`INSERT INTO automation_run_step (run_id, step, action, state, summary, detail)
      VALUES (${run}, 0, 'benachrichtigung', 'fertig', ${`Benachrichtigung „Rechnung für ${PERSON.firstName} ${PERSON.lastName}“ an Anna Alt`},
        ${`Anruf unter ${PERSON.phone}`})`.execute(t.db);
    await sql`INSERT INTO notification (user_id, kind, title, body, vorgang_id, customer_id)
      VALUES (${owners[0]!}, 'hinweis', ${`Rechnung für ${PERSON.lastName}`}, ${`V-1 · ${PERSON.street}`}, ${vorgang},
        ${customer})`.execute(t.db);
    // A record event not yet matched (the database writes it with the Beleg's number only; here with the name).
    await sql`INSERT INTO automation_event (kind, vorgang_id, customer_id, record_id, details)
      VALUES ('beleg', ${vorgang}, ${customer}, 1, ${JSON.stringify({ belegNumber: `RE-${PERSON.lastName}` })}::jsonb)`.execute(
      t.db,
    );
    // The duplicate check's keys hold the name, e-mail and phones.
    await refreshMatchKeys(t.db);
    // Billed: the Vorgang is no longer open, so the customer may be erased.
    await sql`UPDATE vorgang SET system_status = 'rechnung' WHERE id = ${vorgang}`.execute(t.db);
  });
  afterAll(() => t.close());

  it('found every planted word before the erasure, in the history too', async () => {
    const before = await whereFound(t, SEARCHED);
    for (const word of SEARCHED) {
      expect(
        before.some((hit) => hit.endsWith(`: ${word}`)),
        word,
      ).toBe(true);
    }
    expect(before.filter((hit) => hit.startsWith('change_record.')).length).toBeGreaterThan(8);
  });

  it('leaves none of them in any table or column, and keeps what is not the person', async () => {
    await call(eraseCustomerData, {
      params: { id: customer },
      body: { reason: 'Antrag per E-Mail vom 28.11.', version: await version('customer', customer) },
    });
    expect(await whereFound(t, SEARCHED)).toEqual([]);

    // The Änderungsverlauf still says who changed the Betreuer and the labels, with their values.
    const { data } = await call(getChangesForCustomer, { params: { id: customer }, query: { perPage: 100 } });
    const changes = data.flatMap((entry) => entry.changes);
    expect(changes).toContainEqual({
      field: 'ownerUserId',
      label: 'Betreuer',
      old: 'Anna Alt',
      new: 'Bernd Neu',
    });
    expect(changes).toContainEqual({ field: 'labelIds', label: 'Labels', old: null, new: 'Rückruf' });
    expect(
      changes.filter((c) => c.old === 'Gelöscht (DSGVO)' && c.new === 'Gelöscht (DSGVO)'),
    ).not.toContainEqual(expect.objectContaining({ field: 'ownerUserId' }));
    // The mobile's change stays a change, without either number.
    expect(changes).toContainEqual({
      field: 'mobile',
      label: 'Mobil',
      old: 'Gelöscht (DSGVO)',
      new: 'Gelöscht (DSGVO)',
    });
    // The Beleg stays for the retention period, the Vorgang and the seller's texts on it with the name replaced.
    const position = await sql<{ text: string }>`SELECT p.custom_description AS text FROM beleg_position p
      JOIN beleg b ON b.id = p.beleg_id WHERE b.vorgang_id = ${vorgang}`.execute(t.db);
    expect(position.rows[0]!.text).toBe('Wunsch von Gelöscht (DSGVO): Sprossen wie Großvaterhaus');
    const kept = await sql<{ title: string }>`SELECT title FROM vorgang WHERE id = ${vorgang}`.execute(t.db);
    expect(kept.rows[0]!.title).toBe('Wintergarten Gelöscht (DSGVO)');
    const belege = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM beleg WHERE vorgang_id = ${vorgang}`.execute(t.db);
    expect(belege.rows[0]!.n).toBe(1);
  });

  it('drops the values an erasure before the Löschliste blanked that were not the person (migration)', async () => {
    const blanked = { old: 'Gelöscht (DSGVO)', new: 'Gelöscht (DSGVO)' };
    const { rows } = await sql<{ id: number }>`INSERT INTO change_record (actor_name, area, record_id, action,
        changes, customer_id)
      VALUES ('Alt', 'kunden', ${customer}, 'update', ${JSON.stringify({ ownerUserId: blanked, lastName: blanked, branchId: blanked })}::jsonb, ${customer})
      RETURNING id`.execute(t.db);
    const migration = await readFile(
      path.resolve('server/privacy/migrations/202611291002_erased_history_values.sql'),
      'utf8',
    );
    await sql.raw(migration).execute(t.db);
    const after = await sql<{
      changes: unknown;
    }>`SELECT changes FROM change_record WHERE id = ${rows[0]!.id}`.execute(t.db);
    expect(after.rows[0]!.changes).toEqual({ lastName: blanked });
  });
});
