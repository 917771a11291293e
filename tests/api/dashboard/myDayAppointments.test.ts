import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyDayAppointments } from '../../../src/resources/dashboard/myDay.endpoints';
import { getTodos } from '../../../src/resources/todos/dueItems.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ME = '11111111-2222-3333-4444-555555555555'; // the oid of the test tokens

describe("Mein Tag: the caller's appointments of the company's today", () => {
  let t: TestApp;
  let today: string;
  let me: number;
  let colleague: number;
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    me = await id(sql`INSERT INTO app_user (azure_oid, name) VALUES (${ME}, 'Victor') RETURNING id`);
    colleague = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('99999999-2222-3333-4444-555555555555', 'Kollege') RETURNING id`,
    );
    const customer = await id(sql`INSERT INTO customer (last_name, street, zip, city, phone, mobile)
      VALUES ('Tagkunde', 'Hauptplatz 1', '9500', 'Villach', NULL, '+43 664 1234567') RETURNING id`);
    today = (await resultOf(t.callEndpoint(['APP_KUNDE'], getTodos, { query: {} }))).today;
    // Times of day in Vienna: 00:30 today belongs to today although it is yesterday in UTC; 23:30 yesterday not.
    const at = (day: string, time: string) =>
      sql`(${`${day} ${time}`}::timestamp AT TIME ZONE 'Europe/Vienna')`;
    const yesterday = sql`(${today}::date - 1)::text`;
    const add = (user: number, type: string, when: ReturnType<typeof sql>, note: string) =>
      sql`INSERT INTO activity (customer_id, user_id, activity_type, activity_date, note)
          VALUES (${customer}, ${user}, ${type}, ${when}, ${note})`.execute(t.db);
    await add(me, 'aufmass', at(today, '14:00'), 'Aufmaß Keller');
    await add(me, 'besuch', at(today, '00:30'), 'Früher Besuch');
    await add(me, 'termin', at(today, '09:15'), 'Beratung');
    await add(me, 'anruf', at(today, '10:00'), 'Anruf ist kein Termin');
    await add(colleague, 'termin', at(today, '11:00'), 'Termin des Kollegen');
    await add(
      me,
      'termin',
      sql`((${yesterday})::date::timestamp + time '23:30') AT TIME ZONE 'Europe/Vienna'`,
      'Gestern',
    );
  });
  afterAll(() => t.close());

  it('lists Termine, Besuche and Aufmaße of today in time order, with address and the phone to call', async () => {
    const response = await t.callEndpoint(['APP_KUNDE'], getMyDayAppointments, { query: {} });
    expect(response.status).toBe(200);
    expect(response.result.today).toBe(today);
    const { items } = response.result;
    expect(items.map((item) => item.note)).toEqual(['Früher Besuch', 'Beratung', 'Aufmaß Keller']);
    expect(items[0]).toMatchObject({ activityType: 'besuch', phone: '+43 664 1234567', city: 'Villach' });
  });

  it("counts the caller's stagnating Vorgänge as the dashboard does: not fresh ones, not a colleague's", async () => {
    const limited = await id(sql`INSERT INTO custom_status (name, sort_order, stagnant_after_days)
      VALUES ('Nachfassen (Mein Tag)', 1, 10) RETURNING id`);
    const customer = await id(sql`INSERT INTO customer (last_name) VALUES ('Stillstand') RETURNING id`);
    const vorgang = (number: string, seller: number, daysAgo: number) =>
      sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id, system_status, custom_status_id,
          net_total_cents, last_activity_at, created_at)
        VALUES (${number}, ${customer}, ${number}, ${seller}, 'angebot', ${limited}, 100,
          now() - make_interval(days => ${daysAgo}), now() - interval '60 days')`.execute(t.db);
    await vorgang('ST-alt', me, 20);
    await vorgang('ST-frisch', me, 2);
    await vorgang('ST-Kollege', colleague, 20);
    const { result } = await t.callEndpoint(['APP_KUNDE'], getMyDayAppointments, { query: {} });
    expect(result.stagnant).toBe(1);
  });

  it('is closed to callers without APP_KUNDE', async () => {
    expect((await t.callEndpoint(['APP_NPS'], getMyDayAppointments, { query: {} })).status).toBe(403);
  });
});
