import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

describe('Outlook side panel: the sender’s customer, open Vorgänge, last offer', () => {
  let t: TestApp;
  let seller: string;
  const ids: Record<string, number> = {};
  const one = async (query: ReturnType<typeof sql<{ id: number }>>) =>
    (await query.execute(t.db)).rows[0]!.id;
  const sender = (email: string, token = seller) =>
    t.app.inject({
      method: 'GET',
      url: `/api/outlookAddin/sender?email=${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    t = await createTestApp();
    seller = await signAccessToken(t.signingKey, ISSUER, ['APP_KUNDE'], { oid: 'oid-seite' });
    ids.gruber = await one(sql`INSERT INTO customer (first_name, last_name, city, phone, email)
      VALUES ('Hans', 'Gruber', 'Villach', '+43 4242 1', 'Hans.Gruber@GMX.at') RETURNING id`);
    ids.bau = await one(
      sql`INSERT INTO customer (company_name, city) VALUES ('Bau Huber GmbH', 'Graz') RETURNING id`,
    );
    ids.open = await one(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status)
      VALUES ('V-1', ${ids.gruber}, 'Fenster Wohnzimmer', 'angebot') RETURNING id`);
    ids.closed = await one(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, system_status)
      VALUES ('V-2', ${ids.gruber}, 'Haustür', 'rechnung') RETURNING id`);
    await sql`INSERT INTO beleg (vorgang_id, beleg_type, beleg_number, beleg_date, net_cents) VALUES
      (${ids.open}, 'angebot', 'A-100', '2026-10-01', 120000),
      (${ids.open}, 'angebot', 'A-101', '2026-11-02', 134550),
      (${ids.closed}, 'rechnung', 'R-7', '2026-11-20', 99000)`.execute(t.db);
    const endCustomer = await one(sql`INSERT INTO end_customer (name, email)
      VALUES ('Maria Mair', 'maria.mair@web.de') RETURNING id`);
    await sql`INSERT INTO vorgang (vorgang_number, customer_id, title, end_customer_id)
      VALUES ('V-3', ${ids.bau}, 'Fenster Mair', ${endCustomer})`.execute(t.db);
  });
  afterAll(() => t.close());

  it('finds the customer by address in any letter case and domain, with open Vorgänge and the last offer', async () => {
    const answer = await sender('hans.gruber@gmx.at');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().result).toEqual({
      customer: {
        id: ids.gruber,
        name: 'Gruber, Hans',
        city: 'Villach',
        phone: '+43 4242 1',
        matchedBy: 'kunde',
      },
      others: [],
      vorgaenge: [{ id: ids.open, number: 'V-1', title: 'Fenster Wohnzimmer', status: 'Angebot' }],
      lastOffer: {
        vorgangId: ids.open,
        vorgangNumber: 'V-1',
        number: 'A-101',
        date: '2026-11-02',
        netCents: 134550,
      },
    });
  });

  it('an Endkunde’s address leads to the customer of their Vorgang; an unknown one to nothing', async () => {
    const endkunde = (await sender(' Maria.Mair@web.de ')).json().result;
    expect(endkunde.customer).toMatchObject({ id: ids.bau, matchedBy: 'endkunde' });
    expect(endkunde.vorgaenge).toEqual([expect.objectContaining({ number: 'V-3' })]);
    expect((await sender('niemand@t-online.de')).json().result).toEqual({
      customer: null,
      others: [],
      vorgaenge: [],
      lastOffer: null,
    });
  });

  it('answers 403 without the CRM group and 401 without a token', async () => {
    const outsider = await signAccessToken(t.signingKey, ISSUER, [], { oid: 'oid-aussen' });
    expect((await sender('hans.gruber@gmx.at', outsider)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/outlookAddin/sender?email=a%40b.at' });
    expect(anonymous.statusCode).toBe(401);
  });
});
