import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const VICTOR = { oid: 'oid-victor', groups: ['APP_KUNDE'] };
const OTTO = { oid: 'oid-otto', groups: ['APP_ADMIN'] };

describe('"Erfassen" on a planned Termin completes that Termin (activity/completeAppointment)', () => {
  let t: TestApp;
  const ids: Record<string, number> = {};
  const as = async (person: typeof VICTOR, options: InjectOptions) => {
    const token = await signAccessToken(t.signingKey, ISSUER, person.groups, { oid: person.oid });
    return t.app.inject({ ...options, headers: { authorization: `Bearer ${token}`, ...options.headers } });
  };
  const complete = (payload: Record<string, unknown>, key = randomUUID(), person = VICTOR) =>
    as(person, {
      method: 'POST',
      url: '/api/activity/completeAppointment',
      payload,
      headers: { 'idempotency-key': key },
    });
  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    ids.victor = (
      await one(
        sql<{
          id: number;
        }>`INSERT INTO app_user (azure_oid, name) VALUES (${VICTOR.oid}, 'Victor') RETURNING id`,
      )
    ).id;
    ids.customer = (
      await one(sql<{ id: number }>`INSERT INTO customer (last_name) VALUES ('Gruber') RETURNING id`)
    ).id;
    ids.label = (
      await one(
        sql<{
          id: number;
        }>`INSERT INTO label (name, for_customer) VALUES ('Angebot senden', true) RETURNING id`,
      )
    ).id;
    ids.reason = (
      await one(sql<{ id: number }>`INSERT INTO reason_option (text) VALUES ('Beratung') RETURNING id`)
    ).id;
    await sql`INSERT INTO reason_option_label (reason_id, label_id) VALUES (${ids.reason}, ${ids.label})`.execute(
      t.db,
    );
    ids.termin = (
      await one(sql<{ id: number }>`
        INSERT INTO activity (customer_id, activity_type, activity_date, done, user_id, note)
        VALUES (${ids.customer}, 'termin', now(), false, ${ids.victor}, 'Fenster im Keller ansehen') RETURNING id`)
    ).id;
  });
  afterAll(() => t.close());

  it('completes the Termin itself with Art, Grund and the note added; a repeat answers the same; stale is 409', async () => {
    const before = await one(sql<{ version: number }>`SELECT version FROM activity WHERE id = ${ids.termin}`);
    const count = async () =>
      (
        await one(
          sql<{ n: number }>`SELECT count(*)::int AS n FROM activity WHERE customer_id = ${ids.customer}`,
        )
      ).n;
    const capture = {
      id: ids.termin,
      version: before.version,
      activityType: 'besuch',
      reasonId: ids.reason,
      vorgangId: null,
      note: 'Zwei Kellerfenster, Maße genommen.',
      dueDate: null,
    };
    const key = randomUUID();
    const first = await complete(capture, key);
    expect(first.statusCode, first.body).toBe(200);
    const again = await complete(capture, key);
    expect(again.json()).toEqual(first.json());
    expect(first.json().result).toMatchObject({
      id: ids.termin,
      done: true,
      activityType: 'besuch',
      reasonId: ids.reason,
      note: 'Fenster im Keller ansehen\n\nZwei Kellerfenster, Maße genommen.',
      version: before.version + 1,
    });
    // No second activity beside it; the reason's label went to the customer, as for any activity.
    expect(await count()).toBe(1);
    const labels = await sql<{
      id: number;
    }>`SELECT label_id AS id FROM customer_label WHERE customer_id = ${ids.customer}`.execute(t.db);
    expect(labels.rows.map((row) => row.id)).toEqual([ids.label]);
    // The seller's next capture of the same Termin from a stale screen: a conflict, nothing changed.
    const stale = await complete({ ...capture, note: 'nochmal' });
    expect(stale.statusCode).toBe(409);
  });

  it('with a follow-up day the Termin stays open as a todo; a note too long once added is a 400 at the note', async () => {
    const { version } = await one(
      sql<{ version: number }>`SELECT version FROM activity WHERE id = ${ids.termin}`,
    );
    const base = { id: ids.termin, version, activityType: 'termin', reasonId: null, vorgangId: null };
    const tooLong = await complete({ ...base, note: 'x'.repeat(4990), dueDate: null });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().result.errors).toHaveProperty('note');
    const open = await complete({ ...base, note: null, dueDate: '2099-02-03' });
    expect(open.statusCode).toBe(200);
    expect(open.json().result).toMatchObject({ done: false, dueDate: '2099-02-03' });
  });

  it('needs a token (401) and the customer group (403)', async () => {
    const capture = {
      id: ids.termin,
      version: 1,
      activityType: 'besuch',
      reasonId: null,
      vorgangId: null,
      note: null,
      dueDate: null,
    };
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/activity/completeAppointment',
      payload: capture,
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await complete(capture, randomUUID(), OTTO)).statusCode).toBe(403);
  });
});
