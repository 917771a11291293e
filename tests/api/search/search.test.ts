import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../src/resources/customers/customer.entity';
import { findEverything } from '../../../src/resources/search/search.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE', 'APP_STANDORT_S_VILLACH'] };
const NORA_NPS = { oid: 'oid-nora', groups: ['APP_NPS', 'APP_STANDORT_S_VILLACH'] };
const SVEN = { oid: 'oid-sven', groups: ['APP_STANDORT_S_WIEN'] };
type Person = typeof VICTOR;

describe('search/find (Strg+K)', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;
  const search = async (person: Person, q: string) =>
    t.callEndpoint(person, findEverything, { query: { q } });
  const find = async (person: Person, q: string) => resultOf(search(person, q));
  const kundenList = async (person: Person, q: string) =>
    (await resultOf(entityCalls(t, customerEntity).list(person, { filter: { q }, perPage: 100 }))).data.map(
      (row) => row.id,
    );

  beforeAll(async () => {
    t = await createTestApp();
    ids.villach = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Villach', 'APP_STANDORT_S_VILLACH') RETURNING id`,
    );
    ids.wien = await id(
      sql`INSERT INTO branch (name, location_group) VALUES ('Wien', 'APP_STANDORT_S_WIEN') RETURNING id`,
    );
    ids.ofVillach = await id(sql`
      INSERT INTO customer (last_name, first_name, phone, mobile, email, customer_number, branch_id)
      VALUES ('Zwirchmayr', 'Korbinian', '+43 4242 918273', '+43 664 5123498', 'k.zwirchmayr@example.at', 'K-77123',
        ${ids.villach})
      RETURNING id`);
    ids.ofWien = await id(sql`
      INSERT INTO customer (last_name, first_name, phone, branch_id)
      VALUES ('Quastenberger', 'Hemma', '+43 1 5556677', ${ids.wien}) RETURNING id`);
    ids.endCustomer = await id(
      sql`INSERT INTO end_customer (name, city) VALUES ('Bauträger Sonnhalde', 'Feldkirchen') RETURNING id`,
    );
    ids.vorgang = await id(sql`
      INSERT INTO vorgang (vorgang_number, customer_id, end_customer_id, title, branch_id)
      VALUES ('V26-004711', ${ids.ofVillach}, ${ids.endCustomer}, 'Holz-Alu Fenster Wintergarten', ${ids.villach})
      RETURNING id`);
    ids.beleg = await id(sql`
      INSERT INTO beleg (vorgang_id, beleg_number, beleg_type, beleg_date)
      VALUES (${ids.vorgang}, 'AN-2026-0098765', 'angebot', '2026-03-01') RETURNING id`);
  });
  afterAll(() => t.close());

  it('finds a customer by name in any word order, by phone in another format, e-mail and Kundennummer', async () => {
    for (const q of [
      'Korbinian Zwirchmayr',
      'zwirchmayr, korb',
      '04242 918273',
      '0043 4242/918273',
      'k.zwirchmayr@',
      'K-77123',
    ]) {
      expect(
        (await find(VICTOR, q)).customers.map((c) => c.id),
        q,
      ).toEqual([ids.ofVillach]);
    }
    // Each hit names the field the text was found in (none for the name itself).
    const matched = async (q: string) => (await find(VICTOR, q)).customers[0]!.matched;
    expect(await matched('korbinian')).toBeNull();
    expect(await matched('0664 5123498')).toEqual({ label: 'Mobil', value: '+43 664 5123498' });
    expect(await matched('04242 918273')).toEqual({ label: 'Telefon', value: '+43 4242 918273' });
    expect(await matched('k.zwirchmayr@')).toEqual({ label: 'E-Mail', value: 'k.zwirchmayr@example.at' });
    expect(await matched('K-77123')).toEqual({ label: 'Kundennummer', value: 'K-77123' });
  });

  it('finds Endkunden, Vorgänge by number and Bezeichnung, and Belegnummern', async () => {
    const byEnd = await find(VICTOR, 'sonnhalde');
    expect(byEnd.endCustomers).toEqual([
      expect.objectContaining({ id: ids.endCustomer, vorgangId: ids.vorgang, vorgangNumber: 'V26-004711' }),
    ]);
    expect((await find(VICTOR, 'wintergarten holz')).vorgaenge.map((v) => v.id)).toEqual([ids.vorgang]);
    expect((await find(VICTOR, 'v26-004711')).vorgaenge[0]).toMatchObject({
      id: ids.vorgang,
      customerName: 'Zwirchmayr, Korbinian',
    });
    expect((await find(VICTOR, 'AN-2026-0098765')).belege).toEqual([
      expect.objectContaining({ id: ids.beleg, vorgangId: ids.vorgang, belegType: 'angebot' }),
    ]);
    expect((await find(VICTOR, 'wintergarten')).belege).toEqual([]);
  });

  it('finds no more and no fewer customers than the Kunden list shows the same person', async () => {
    // A seller of Villach searches a Wien customer by exact name: the lists' row rule (every APP_KUNDE
    // member sees every customer; "nur meine" is a filter) decides, the search adds nothing and hides nothing.
    for (const q of ['Quastenberger Hemma', 'Zwirchmayr', '01 5556677']) {
      expect((await find(VICTOR, q)).customers.map((c) => c.id).sort(), q).toEqual(
        (await kundenList(VICTOR, q)).sort(),
      );
    }
  });

  it('ranks a name that begins a word with the text first, then a name that holds it, then other matches', async () => {
    const plant = async () => {
      const one = (lastName: string, firstName: string, city: string | null, email: string | null) =>
        id(sql`INSERT INTO customer (last_name, first_name, city, email) VALUES (${lastName}, ${firstName},
          ${city}, ${email}) RETURNING id`);
      // Alphabetically the town and e-mail matches come first; they must not outrank the names.
      return {
        inTown: await one('Abendroth', 'Ilse', 'Mülln', null),
        inMail: await one('Bachler', 'Olga', 'Graz', 'office@muelmüller.at'),
        inside: await one('Heydemüller-Becker', 'Ruth', 'Linz', null),
        afterHyphen: await one('Kranz-Mülleder', 'Paul', 'Wels', null),
        atStart: await one('Müllnerova', 'Eva', 'Steyr', null),
      };
    };
    const unplant = (planted: Record<string, number>) =>
      sql`DELETE FROM customer WHERE id IN (${sql.join(Object.values(planted))})`.execute(t.db);
    const first = await plant();
    expect((await find(VICTOR, 'Mül')).customers.map((c) => c.id)).toEqual([
      first.afterHyphen,
      first.atStart,
      first.inside,
      first.inTown,
      first.inMail,
    ]);
    // Several words: every one must match, as before.
    expect((await find(VICTOR, 'mül ruth')).customers.map((c) => c.id)).toEqual([first.inside]);
    await unplant(first);

    // More matches than are ranked, a whole town of them stored before the names: the names still come first.
    await sql`INSERT INTO customer (last_name, first_name, city)
      SELECT 'Aichholzer', 'Nr' || n, 'Mülln' FROM generate_series(1, 600) n`.execute(t.db);
    const second = await plant();
    const broad = (await find(VICTOR, 'Mül')).customers;
    expect(broad.slice(0, 3).map((c) => c.id)).toEqual([second.afterHyphen, second.atStart, second.inside]);
    expect(broad.slice(3).map((c) => c.city)).toEqual(['Mülln', 'Mülln']);
    await unplant(second);
    await sql`DELETE FROM customer WHERE last_name = 'Aichholzer'`.execute(t.db);
  });

  it('refuses a person whose groups do not let them see customers', async () => {
    for (const person of [NORA_NPS, SVEN]) {
      const response = await search(person, 'Zwirchmayr');
      expect(response.status).toBe(403);
      expect(JSON.stringify(response)).not.toContain('Zwirchmayr');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/search/find?q=Zwirchmayr' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an empty or overlong text with a German 400 at the field, and % as a character', async () => {
    const empty = await search(VICTOR, '');
    expect(empty.status).toBe(400);
    expect(empty.errors).toHaveProperty('q');
    const long = await search(VICTOR, 'x'.repeat(201));
    expect(long.status).toBe(400);
    expect(long.errors).toHaveProperty('q');
    const wildcard = await find(VICTOR, '%');
    expect(wildcard.customers).toEqual([]);
  });
});
