import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneIdempotencyKeys } from '../../../server/platform/idempotency/pruneKeys';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const KUNDE = ['APP_KUNDE'];
const CALLER_OID = '11111111-2222-3333-4444-555555555555';
const OTHER_OID = '99999999-2222-3333-4444-555555555555';

// A double click on "Vorgang anlegen" made two Vorgänge. The same Idempotency-Key from the
// same person now creates once and answers the first answer again (server/platform/idempotency).
describe('Idempotency-Key on creates', () => {
  let t: TestApp;
  let body: Record<string, unknown>;
  let otherToken: string;

  const vorgangCount = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM vorgang`.execute(t.db)).rows[0]!.n;
  const keyCount = async () =>
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM idempotency_key`.execute(t.db)).rows[0]!.n;
  const save = async (payload: Record<string, unknown>, key?: string, token?: string) => {
    const headers: Record<string, string> = {
      authorization: `Bearer ${token ?? (await t.tokenFor(KUNDE))}`,
    };
    if (key) headers['idempotency-key'] = key;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/vorgang/saveNewVorgang',
      payload,
      headers,
    });
    return {
      status: response.statusCode,
      body: response.body,
      replayed: response.headers['idempotent-replayed'],
    };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const branch = (
      await sql<{
        id: number;
      }>`INSERT INTO branch (name, code) VALUES ('Villach', 'VIL') RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    const seller = (
      await sql<{ id: number }>`INSERT INTO app_user (azure_oid, name, branch_id)
        VALUES (${CALLER_OID}, 'Victor Verkauf', ${branch}) RETURNING id`.execute(t.db)
    ).rows[0]!.id;
    const customer = (
      await sql<{ id: number }>`INSERT INTO customer (last_name) VALUES ('Doppelklick') RETURNING id`.execute(
        t.db,
      )
    ).rows[0]!.id;
    body = { customerId: customer, title: 'Fenster Wohnzimmer', sellerUserId: seller, branchId: branch };
    otherToken = await signAccessToken(t.signingKey, ISSUER, KUNDE, { oid: OTHER_OID, name: 'Olga Andere' });
  });
  afterAll(() => t.close());

  it('the same create twice at once with one key makes one Vorgang and gives both the same answer', async () => {
    const before = await vorgangCount();
    const key = randomUUID();
    const [first, second] = await Promise.all([save(body, key), save(body, key)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await vorgangCount()).toBe(before + 1);
    // Exactly one of them created; the other waited for it and got its stored answer.
    expect([first.replayed, second.replayed].filter(Boolean)).toEqual(['true']);
    // A later retry (the answer got lost) still gets the same answer and creates nothing.
    const later = await save(body, key);
    expect(later.body).toBe(first.body);
    expect(later.replayed).toBe('true');
    expect(await vorgangCount()).toBe(before + 1);
  });

  it('the same key from another person is another request: two Vorgänge', async () => {
    const before = await vorgangCount();
    const key = randomUUID();
    const mine = await save(body, key);
    const theirs = await save(body, key, otherToken);
    expect(mine.status).toBe(200);
    expect(theirs.status).toBe(200);
    expect(theirs.body).not.toBe(mine.body);
    expect(await vorgangCount()).toBe(before + 2);
  });

  it('the same key with other data is refused with a German 422 and creates nothing', async () => {
    const key = randomUUID();
    expect((await save(body, key)).status).toBe(200);
    const before = await vorgangCount();
    const changed = await save({ ...body, title: 'Haustür' }, key);
    expect(changed.status).toBe(422);
    expect(JSON.parse(changed.body).result.message).toMatch(/mit anderen Daten bereits gesendet/);
    expect(await vorgangCount()).toBe(before);
  });

  it('without a key every request creates, as before', async () => {
    const before = await vorgangCount();
    const [first, second] = await Promise.all([save(body), save(body)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await vorgangCount()).toBe(before + 2);
  });

  it('a refused first request keeps no key: the corrected form with the same key creates', async () => {
    const key = randomUUID();
    const refused = await save({ ...body, title: '' }, key);
    expect(refused.status).toBe(400);
    const before = await vorgangCount();
    expect((await save(body, key)).status).toBe(200);
    expect(await vorgangCount()).toBe(before + 1);
  });

  it('refuses a key that is no UUID with a German 400', async () => {
    const response = await save(body, 'doppelklick');
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body).result.message).toMatch(/Idempotency-Key: Bitte senden Sie eine UUID/);
  });

  it('works for the entity creates too (a new customer)', async () => {
    const key = randomUUID();
    const token = await t.tokenFor(KUNDE);
    const create = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/kunde/saveNewCustomer',
        payload: { lastName: 'Zweimal', city: 'Villach' },
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': key },
      });
    const [first, second] = await Promise.all([create(), create()]);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM customer WHERE last_name = 'Zweimal'`.execute(t.db);
    expect(rows[0]!.n).toBe(1);
  });

  it('forgets keys older than 7 days', async () => {
    const old = randomUUID();
    await sql`INSERT INTO idempotency_key (caller_oid, key, request_hash, created_at)
      VALUES (${CALLER_OID}, ${old}::uuid, 'x', now() - interval '7 days 1 minute')`.execute(t.db);
    const before = await keyCount();
    expect(await runJobOnce(pruneIdempotencyKeys, t.app)).toBe(1);
    expect(await keyCount()).toBe(before - 1);
    const { rows } = await sql`SELECT 1 FROM idempotency_key WHERE key = ${old}::uuid`.execute(t.db);
    expect(rows).toEqual([]);
  });
});
