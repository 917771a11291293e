import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyOfflineKit } from '../../../src/resources/dashboard/myDay.endpoints';
import { getTodos } from '../../../src/resources/todos/dueItems.endpoints';
import { createTestApp, resultOf, type TestApp } from '../../support/testApp';

const ME = '11111111-2222-3333-4444-555555555555'; // the oid of the test tokens

describe("the offline kit: the customers and Vorgänge of the caller's week ahead", () => {
  let t: TestApp;
  let today: string;
  const ids: Record<string, number> = {};
  const id = async (query: ReturnType<typeof sql<{ id: number }>>) => (await query.execute(t.db)).rows[0]!.id;

  beforeAll(async () => {
    t = await createTestApp();
    const me = await id(sql`INSERT INTO app_user (azure_oid, name) VALUES (${ME}, 'Victor') RETURNING id`);
    const colleague = await id(
      sql`INSERT INTO app_user (azure_oid, name) VALUES ('99999999-2222-3333-4444-555555555555', 'Kollege') RETURNING id`,
    );
    for (const name of [
      'termin',
      'todoMorgen',
      'ueberfaellig',
      'inZehnTagen',
      'kollege',
      'label',
      'erledigt',
    ])
      ids[name] = await id(sql`INSERT INTO customer (last_name) VALUES (${name}) RETURNING id`);
    ids.vorgang = await id(sql`INSERT INTO vorgang (vorgang_number, customer_id, title, seller_user_id)
      VALUES ('V-KIT-1', ${ids.label}, 'Fenster', ${me}) RETURNING id`);
    const rueckruf = await id(sql`INSERT INTO label (name, color) VALUES ('Rückruf', '#f00') RETURNING id`);
    today = String((await resultOf(t.callEndpoint(['APP_KUNDE'], getTodos, { query: {} }))).today);
    const day = (offset: number) => sql`(${today}::date + ${offset}::int)`;
    const at = (offset: number) =>
      sql`((${today}::date + ${offset}::int)::timestamp + time '10:00') AT TIME ZONE 'Europe/Vienna'`;
    const activity = (
      customer: number,
      user: number,
      type: string,
      when: unknown,
      due: unknown,
      done = false,
    ) =>
      sql`INSERT INTO activity (customer_id, user_id, activity_type, activity_date, due_date, done)
          VALUES (${customer}, ${user}, ${type}, ${when}, ${due}, ${done})`.execute(t.db);
    await activity(ids.termin!, me, 'termin', at(3), null);
    await activity(ids.todoMorgen!, me, 'anruf', sql`now()`, day(1));
    await activity(ids.ueberfaellig!, me, 'anruf', sql`now()`, day(-4));
    await activity(ids.inZehnTagen!, me, 'aufmass', at(10), day(10));
    await activity(ids.kollege!, colleague, 'termin', at(1), day(1));
    await activity(ids.erledigt!, me, 'anruf', sql`now()`, day(2), true);
    await sql`INSERT INTO vorgang_label (vorgang_id, label_id, due_date, seller_user_id)
      VALUES (${ids.vorgang}, ${rueckruf}, ${day(5)}, ${me})`.execute(t.db);
  });
  afterAll(() => t.close());

  it("names the caller's own records of the next 7 days and the overdue ones, the nearest first", async () => {
    const response = await t.callEndpoint(['APP_KUNDE'], getMyOfflineKit, { query: {} });
    expect(response.status).toBe(200);
    const kit = response.result;
    expect(kit.today).toBe(today);
    // Todo tomorrow (1), Termin in 3 days, the Vorgang's label in 5 days (its customer), overdue last; neither a
    // colleague's, nor a done todo, nor anything 10 days ahead.
    expect(kit.customerIds).toEqual([ids.todoMorgen, ids.termin, ids.label, ids.ueberfaellig]);
    expect(kit.vorgangIds).toEqual([ids.vorgang]);
  });

  it('is closed to callers without APP_KUNDE', async () => {
    expect((await t.callEndpoint(['APP_NPS'], getMyOfflineKit, { query: {} })).status).toBe(403);
  });
});
