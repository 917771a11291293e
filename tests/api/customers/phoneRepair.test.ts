import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPhoneRepairs, findPhoneRepairs } from '../../../server/customers/phoneRepairs';
import { createTestApp, type TestApp } from '../../support/testApp';

// Numbers the faulty phone rule stored: every national number read as Austrian (also of German customers), and
// Rekord's new customers Austrian by default. scripts/repairPhones.ts lists and repairs them.
describe.each(['strussnig', 'rekord'] as const)('repair of phone numbers (%s)', (tenant) => {
  let t: TestApp;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ tenant });
    const { rows } = await sql<{ id: number }>`
      INSERT INTO branch (name, code, country, updated_by)
      VALUES ('Heimat', 'HOM', ${tenant === 'rekord' ? 'DE' : 'AT'}, 'Test') RETURNING id`.execute(t.db);
    const branch = rows[0]!.id;
    const customer = async (
      key: string,
      country: string,
      phone: string | null,
      mobile: string | null = null,
    ) => {
      const inserted = await sql<{ id: number }>`
        INSERT INTO customer (last_name, country, phone, mobile, branch_id, updated_by)
        VALUES (${key}, ${country}, ${phone}, ${mobile}, ${branch}, 'Test') RETURNING id`.execute(t.db);
      ids[key] = inserted.rows[0]!.id;
    };
    // "089 1234567" of a German customer, read as Austrian: no such Austrian number.
    await customer('Deutsch', 'DE', '+43 891 234567');
    await customer('Getippt', 'DE', '0911 / 878 77');
    await customer('Richtig', 'AT', '+43 463 123456', '+49 171 1234567');
    await customer('Kaputt', 'DE', '+49 151 2243449');
    // A Rekord customer left in Österreich: "0171 1234567" became a Vienna number, valid both ways.
    await customer('Zweifel', 'AT', null, '+43 1 711234567');
  });
  afterAll(() => t.close());

  it('lists what was read in the wrong country, what is not normalised, what to check and what is invalid', async () => {
    const findings = await findPhoneRepairs(t.db, tenant);
    const byName = Object.fromEntries(findings.map((f) => [`${f.name} ${f.field}`, f.repair]));
    expect(byName).toEqual({
      'Deutsch phone': { kind: 'reread', value: '+49 89 1234567' },
      'Getippt phone': { kind: 'normalise', value: '+49 911 87877' },
      'Kaputt phone': { kind: 'invalid' },
      // Where Germany is the home country, every Austrian number of a customer in Österreich is in doubt (Rekord's
      // customers were Austrian by default); a person decides. Strussnig's are not.
      ...(tenant === 'rekord'
        ? {
            'Zweifel mobile': { kind: 'check', alternative: '+49 171 1234567' },
            'Richtig phone': { kind: 'check', alternative: '+49 4631 23456' },
          }
        : {}),
    });
  });

  it('stores the repairs that need no decision, once, with an entry in the Änderungsverlauf', async () => {
    const findings = await findPhoneRepairs(t.db, tenant);
    expect(await applyPhoneRepairs(t.db, findings)).toBe(2);
    const { rows } = await sql<{
      name: string;
      phone: string | null;
      mobile: string | null;
      version: number;
    }>`
      SELECT last_name AS name, phone, mobile, version FROM customer ORDER BY id`.execute(t.db);
    expect(rows).toEqual([
      { name: 'Deutsch', phone: '+49 89 1234567', mobile: null, version: 2 },
      { name: 'Getippt', phone: '+49 911 87877', mobile: null, version: 2 },
      { name: 'Richtig', phone: '+43 463 123456', mobile: '+49 171 1234567', version: 1 },
      { name: 'Kaputt', phone: '+49 151 2243449', mobile: null, version: 1 },
      { name: 'Zweifel', phone: null, mobile: '+43 1 711234567', version: 1 },
    ]);
    const history = await sql<{ changedBy: string }>`
      SELECT actor_name AS "changedBy" FROM change_record WHERE record_id = ${ids.Deutsch} AND area = 'kunden'`.execute(
      t.db,
    );
    expect(history.rows).toEqual([{ changedBy: 'Reparatur Telefonnummern' }]);
    // A second run finds nothing more to store.
    expect(await applyPhoneRepairs(t.db, await findPhoneRepairs(t.db, tenant))).toBe(0);
  });
});
