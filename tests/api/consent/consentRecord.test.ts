import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import { getCustomerConsent, recordConsent } from '../../../src/resources/consent/consent.endpoints';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { migrateToLatest } from '../../../server/platform/db/migrate';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const SELLER = ['APP_KUNDE'];
const NO_CUSTOMERS = ['APP_NPS', 'APP_DATEIEN', 'APP_ADMIN', 'APP_ADMIN_VERKAUF'];
/** Where the fixture made fewer rows than a test names: fails instead of going on with undefined. */
const missing = (): never => {
  throw new Error('Testdaten fehlen');
};

describe('the consent record on the customer page', () => {
  let t: TestApp;
  let customer = 0;
  const record = (body: BodyOf<typeof recordConsent>, groups: string[] | null = SELLER) =>
    t.callEndpoint(groups, recordConsent, { body });
  const read = (id: number, groups: string[] | null = SELLER) =>
    t.callEndpoint(groups, getCustomerConsent, { params: { id } });

  beforeAll(async () => {
    t = await createTestApp();
    customer = (
      await sql<{ id: number }>`INSERT INTO customer (last_name, email)
        VALUES ('Einwillig', 'e@example.at') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
  });
  afterAll(() => t.close());

  it('is read and written only with the customer group (401 without sign-in, 403 without APP_KUNDE)', async () => {
    const grant: BodyOf<typeof recordConsent> = {
      customerId: customer,
      granted: true,
      source: 'schriftlich',
      givenOn: '2026-03-02',
    };
    expect((await read(customer, null)).status).toBe(401);
    expect((await record(grant, null)).status).toBe(401);
    for (const groups of [NO_CUSTOMERS, []]) {
      expect((await read(customer, groups)).status).toBe(403);
      expect((await record(grant, groups)).status).toBe(403);
    }
    expect((await read(customer)).result).toEqual({ granted: false, history: [] });
  });

  it('records a grant with who, when, how and a note, shows it with its history and in the Änderungsverlauf', async () => {
    const saved = await record({
      customerId: customer,
      granted: true,
      source: 'schriftlich',
      givenOn: '2026-03-02',
      note: 'Formular im Schauraum unterschrieben',
    });
    expect(saved.status).toBe(200);
    const shown = (await read(customer)).result;
    expect(shown).toEqual(saved.result);
    expect(shown).toMatchObject({
      granted: true,
      history: [
        {
          granted: true,
          source: 'schriftlich',
          givenOn: '2026-03-02',
          note: 'Formular im Schauraum unterschrieben',
          mailSubject: null,
          recordedBy: 'Test Person',
        },
      ],
    });
    const customerRow = await resultOf(entityCalls(t, customerEntity).one(SELLER, customer));
    expect(customerRow.newsletterConsent).toBe(true);
    const history = await sql<{ actor: string; changes: unknown }>`
      SELECT actor_name AS actor, changes FROM change_record WHERE area = 'kunden' AND record_id = ${customer}
      ORDER BY id DESC LIMIT 1`.execute(t.db);
    expect(history.rows[0]).toEqual({
      actor: 'Test Person',
      changes: { newsletterConsent: { old: false, new: true } },
    });

    const withdrawn = await record({
      customerId: customer,
      granted: false,
      source: 'muendlich',
      givenOn: '2026-03-05',
    });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.result).toMatchObject({
      granted: false,
      history: [{ granted: false, source: 'muendlich' }, { granted: true }],
    });
  });

  it('refuses a day in the future, a way only the system records, a withdrawal without consent, a long note, an unknown customer', async () => {
    const base: BodyOf<typeof recordConsent> = {
      customerId: customer,
      granted: true,
      source: 'email',
      givenOn: '2026-03-02',
    };
    const future = await record({ ...base, givenOn: '2099-01-01' });
    expect(future.status).toBe(400);
    expect(future.errors).toEqual({ givenOn: 'Der Tag darf nicht in der Zukunft liegen.' });
    expect((await record({ ...base, source: 'abmeldelink' })).status).toBe(400);
    expect((await record({ ...base, source: 'ein-klick' })).status).toBe(400);
    expect((await record({ ...base, note: 'x'.repeat(501) })).status).toBe(400);
    const nothingToWithdraw = await record({ ...base, granted: false });
    expect(nothingToWithdraw.status).toBe(400);
    expect(nothingToWithdraw.errors).toHaveProperty('granted');
    expect((await record({ ...base, customerId: 999_999 })).status).toBe(404);
    expect((await read(999_999)).status).toBe(404);
    expect((await read(customer)).result.history).toHaveLength(2);
  });

  it('cannot be set through the customer form or an edit in place: only the record changes it', async () => {
    const customers = entityCalls(t, customerEntity);
    const row = await resultOf(customers.one(SELLER, customer));
    expect(row.newsletterConsent).toBe(false);
    const put = await resultOf(customers.update(SELLER, customer, { ...row, newsletterConsent: true }));
    expect(put.newsletterConsent).toBe(false);
    const inPlace = await t.callEndpoint(SELLER, updateCustomerField, {
      body: {
        id: customer,
        version: put.version,
        field: 'newsletterConsent',
        value: true,
      },
    });
    expect(inPlace.status).toBe(400);
    expect((await read(customer)).result.granted).toBe(false);
  });

  it('takes the former tick over as a consent without proof, on the day it was recorded if known', async () => {
    // The database as before the consent record: the tick alone.
    const { rows } = await sql<{
      id: number;
    }>`INSERT INTO customer (last_name, newsletter_consent, gdpr_consent_at)
      VALUES ('Alt', true, '2025-05-06T10:00:00Z'), ('Ohne Datum', true, NULL), ('Nie', false, NULL)
      RETURNING id`.execute(t.db);
    const [alt = missing(), ohneDatum = missing(), nie = missing()] = rows.map((r) => r.id);
    await sql`DELETE FROM customer_consent WHERE customer_id = ANY(${[alt, ohneDatum, nie]}::int[])`.execute(
      t.db,
    );
    await sql`DROP TABLE customer_consent, unsubscribe_token`.execute(t.db);
    await sql`DROP FUNCTION customer_consent_state`.execute(t.db);
    await sql`DELETE FROM kysely_migration WHERE name = '202611290845_consent_record'`.execute(t.db);
    expect(await migrateToLatest(t.db)).toEqual(['202611290845_consent_record']);

    expect((await read(alt)).result).toMatchObject({
      granted: true,
      history: [
        {
          granted: true,
          source: 'uebernahme',
          givenOn: '2025-05-06',
          recordedBy: 'Datenübernahme',
          note: expect.stringMatching(/wie die Einwilligung gegeben wurde, ist nicht erfasst/),
        },
      ],
    });
    expect((await read(ohneDatum)).result).toMatchObject({ granted: true, history: [{ givenOn: null }] });
    expect((await read(nie)).result).toEqual({ granted: false, history: [] });
    // The tick follows the record from now on.
    expect(
      (await record({ customerId: alt, granted: false, source: 'email', givenOn: '2026-03-02' })).status,
    ).toBe(200);
    const { rows: flags } = await sql<{ flag: boolean }>`
      SELECT newsletter_consent AS flag FROM customer WHERE id = ${alt}`.execute(t.db);
    expect(flags[0]!.flag).toBe(false);
  });
});
