import { sql } from 'kysely';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { updateCustomerField } from '../../../src/resources/customers/customers.endpoints';
import { getGlobalSettings } from '../../../src/resources/globalSettings/globalSettings.endpoints';
import { getSyncStatus, startSync } from '../../../src/resources/sync/sync.endpoints';
import { entityCalls, type EntityInput } from '../../support/entityCalls';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const SELLER = ['APP_KUNDE'];
const ADMIN = ['APP_ADMIN'];

/**
 * Land, phone numbers and PLZ of a new address follow the tenant (Rekord: Deutschland) and the branch, on the
 * server as in the form: the same yup rules with the same context.
 */
describe.each(['strussnig', 'rekord'] as const)('home country of the tenant %s', (tenant) => {
  let t: TestApp;
  let branches: { villach: number; muenchen: number };
  const german = tenant === 'rekord';

  const create = (values: EntityInput<typeof customerEntity>, token?: string) =>
    entityCalls(t, customerEntity).create(token ? { token } : SELLER, values);

  beforeAll(async () => {
    t = await createTestApp({ tenant });
    const { rows } = await sql<{ id: number; code: string }>`
      INSERT INTO branch (name, code, country, updated_by)
      VALUES ('Villach', 'VIL', 'AT', 'Test'), ('München', 'MUC', 'DE', 'Test') RETURNING id, code`.execute(
      t.db,
    );
    branches = {
      villach: rows.find((row) => row.code === 'VIL')!.id,
      muenchen: rows.find((row) => row.code === 'MUC')!.id,
    };
  });
  afterAll(() => t.close());

  it(`gives a new customer without Land ${german ? 'Deutschland' : 'Österreich'} and reads the phone there`, async () => {
    const munich = await create({
      lastName: 'Huber',
      zip: '80331',
      phone: '089 1234567',
      mobile: '0171 1234567',
    });
    if (german) {
      expect(munich.status).toBe(200);
      expect(munich.result).toMatchObject({
        country: 'DE',
        phone: '+49 89 1234567',
        mobile: '+49 171 1234567',
      });
    } else {
      // Read in Austria, "089 1234567" would be "+43 891 234567": a number that does not exist, refused.
      expect(munich.status).toBe(400);
      expect(munich.errors).toMatchObject({
        phone: expect.stringMatching(/Keine gültige Telefonnummer in Österreich/),
        zip: 'Eine österreichische PLZ hat 4 Ziffern.',
      });
    }
    const villach = await create({ lastName: 'Gruber', zip: '9500', phone: '04242 123456' });
    if (german) {
      expect(villach.status).toBe(400);
      expect(villach.errors).toMatchObject({ zip: 'Eine deutsche PLZ hat 5 Ziffern.' });
    } else {
      expect(villach.status).toBe(200);
      expect(villach.result).toMatchObject({ country: 'AT', phone: '+43 4242 123456' });
    }
    const count = await sql<{ n: number }>`SELECT count(*)::int AS n FROM customer`.execute(t.db);
    expect(count.rows[0]!.n).toBe(1);
  });

  it("takes the Land of the customer's Filiale, else of the creator's branch, when none is sent", async () => {
    const ofBranch = await create({
      lastName: 'Bauer',
      zip: german ? '9020' : '80687',
      phone: german ? '0463 123456' : '089 1234567',
      branchId: german ? branches.villach : branches.muenchen,
    });
    expect(ofBranch.status).toBe(200);
    expect(ofBranch.result).toMatchObject(
      german ? { country: 'AT', phone: '+43 463 123456' } : { country: 'DE', phone: '+49 89 1234567' },
    );
    const oid = `oid-${tenant}-creator`;
    await sql`INSERT INTO app_user (azure_oid, name, branch_id)
              VALUES (${oid}, 'Clara Creator', ${german ? branches.villach : branches.muenchen})`.execute(
      t.db,
    );
    const token = await signAccessToken(t.signingKey, ISSUER, SELLER, { oid, name: 'Clara Creator' });
    const ofCreator = await create({ lastName: 'Moser', zip: german ? '9020' : '80687' }, token);
    expect(ofCreator.status).toBe(200);
    expect(ofCreator.result).toMatchObject({ country: german ? 'AT' : 'DE' });
  });

  it('checks a phone number edited in place by the Land stored with the customer', async () => {
    const created = await create({ lastName: 'Wallner', country: 'DE', zip: '80331' });
    expect(created.status).toBe(200);
    const customer = created.result;
    const edit = (value: string, version: number) =>
      t.callEndpoint(SELLER, updateCustomerField, {
        body: { id: customer.id, version, field: 'phone', value },
      });
    const saved = await edit('089 1234567', customer.version);
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ phone: '+49 89 1234567' });
    const refused = await edit('01 5861234', customer.version + 1);
    expect(refused.status).toBe(400);
    expect(refused.errors).toMatchObject({
      phone: expect.stringMatching(/Keine gültige Telefonnummer in Deutschland/),
    });
  });

  it("makes the company settings in the tenant's country (the offer's VAT and labels follow it)", async () => {
    const settings = await t.callEndpoint(ADMIN, getGlobalSettings);
    expect(settings.status).toBe(200);
    expect(settings.result).toMatchObject({ companyCountry: german ? 'DE' : 'AT' });
  });

  it('imports a customer row (Datenabgleich) with its Land, else its Filiale’s or the tenant’s, phones normalised', async () => {
    await mkdir(t.importDir, { recursive: true });
    await writeFile(
      path.join(t.importDir, 'kunden.csv'),
      [
        'kundennummer;nachname;plz;land;telefon;mobil;filiale',
        `K-${tenant}-1;Ohneland;${german ? '80331' : '9020'};;${german ? '089 1234567' : '0463 123456'};;`,
        `K-${tenant}-2;Filiale;${german ? '9500' : '80687'};;${german ? '04242 123456' : '089 1234567'};;${german ? 'VIL' : 'MUC'}`,
        `K-${tenant}-3;Falsch;${german ? '80331' : '9020'};;01 2;;`,
        `K-${tenant}-4;Ausland;${german ? '9500' : '80331'};${german ? 'AT' : 'DE'};${german ? '0664 1234567' : '0171 1234567'};;`,
      ].join('\n'),
    );
    expect((await t.callEndpoint(ADMIN, startSync, { query: {} })).status).toBe(200);
    for (let i = 0; i < 200; i++) {
      const status = await t.callEndpoint(ADMIN, getSyncStatus);
      if (status.result.run?.state !== 'laeuft') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rows } = await sql<{ number: string; country: string; phone: string | null }>`
      SELECT customer_number AS number, country, phone FROM customer
      WHERE customer_number LIKE ${`K-${tenant}-%`} ORDER BY customer_number`.execute(t.db);
    expect(rows).toEqual(
      german
        ? [
            { number: 'K-rekord-1', country: 'DE', phone: '+49 89 1234567' },
            { number: 'K-rekord-2', country: 'AT', phone: '+43 4242 123456' },
            { number: 'K-rekord-4', country: 'AT', phone: '+43 664 1234567' },
          ]
        : [
            { number: 'K-strussnig-1', country: 'AT', phone: '+43 463 123456' },
            { number: 'K-strussnig-2', country: 'DE', phone: '+49 89 1234567' },
            { number: 'K-strussnig-4', country: 'DE', phone: '+49 171 1234567' },
          ],
    );
    const log = await sql<{ line: number; message: string }>`
      SELECT line, message FROM etl_sync_log WHERE level = 'fehler' ORDER BY id`.execute(t.db);
    expect(log.rows).toEqual([
      {
        line: 4,
        message: expect.stringMatching(/^Telefon: Bitte geben Sie eine vollständige Telefonnummer ein/),
      },
    ]);
  });
});
