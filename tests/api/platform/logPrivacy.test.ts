import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';

const SELLER_OID = 'oid-log-seller-0001';
const PLANTED_NAME = 'Zwirbelgruber-Lognix';
const PLANTED_MAIL = 'zwirbel.lognix@example.at';
const MAIL_TEXT = 'Vertraulicher Mailtext Fensterkreuz-4711';

describe('the server log: request ids and the caller, never tokens, mail texts or customer data', () => {
  const lines: string[] = [];
  let t: TestApp;
  let token: string;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line: string) => void lines.push(line) } });
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 10 });
    token = await signAccessToken(t.signingKey, ISSUER, ['APP_KUNDE', 'APP_ADMIN'], {
      oid: SELLER_OID,
      name: 'Lotte Logprobe',
    });
    const { rows } = await sql<{ id: number }>`
      UPDATE customer SET last_name = ${PLANTED_NAME}, email = ${PLANTED_MAIL}, company_name = NULL
      WHERE id = (SELECT min(id) FROM customer) RETURNING id`.execute(t.db);
    customerId = rows[0]!.id;
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST', url: string, payload?: object, bearer = token) =>
    t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bearer}` } });

  it('logs sign-in, edits and a mail send by ids only', async () => {
    // Sign-in: refused tokens (garbage, and a valid one's signature cut off), then the caller's groups.
    expect((await call('GET', '/api/user/myGroups', undefined, 'not.a.token')).statusCode).toBe(401);
    expect((await call('GET', '/api/user/myGroups', undefined, token.slice(0, -8))).statusCode).toBe(401);
    expect((await call('GET', '/api/user/myGroups')).statusCode).toBe(200);
    // Customer reads, a search by the name, and edits in place.
    const customer = await call('GET', `/api/kunde/getSingleCustomer/${customerId}`);
    expect(customer.statusCode).toBe(200);
    const filter = encodeURIComponent(JSON.stringify({ q: PLANTED_NAME }));
    expect((await call('GET', `/api/kunde/allCustomers?filter=${filter}`)).statusCode).toBe(200);
    const version = (customer.json() as { result: { version: number } }).result.version;
    const edited = await call('POST', '/api/kunde/updateCustomerField', {
      id: customerId,
      version,
      field: 'city',
      value: `${PLANTED_NAME}stadt`,
    });
    expect(edited.statusCode).toBe(200);
    const refused = await call('POST', '/api/kunde/updateCustomerField', {
      id: customerId,
      version,
      field: 'lastName',
      value: PLANTED_NAME,
    });
    expect(refused.statusCode).toBe(409);
    // A mail to the customer, with its text.
    const sent = await call('POST', '/api/mail/sendMailToCustomer', {
      customerId,
      to: PLANTED_MAIL,
      subject: `Ihr Angebot, ${PLANTED_NAME}`,
      body: MAIL_TEXT,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const log = lines.join('');
    for (const secret of [
      token,
      token.slice(0, 40),
      token.split('.')[2]!,
      PLANTED_NAME,
      PLANTED_MAIL,
      MAIL_TEXT,
    ])
      expect(log, `das Protokoll enthält „${secret.slice(0, 30)}…“`).not.toContain(secret);
    expect(log).not.toContain('Lotte Logprobe');
    expect(log).not.toMatch(/authorization|Bearer/i);

    // Every request line carries its id; once signed in, the caller's object id.
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(8);
    expect(completed.every((e) => typeof e.reqId === 'string')).toBe(true);
    const signedIn = completed.filter((e) => (e.res as { statusCode: number }).statusCode !== 401);
    expect(signedIn.length).toBeGreaterThanOrEqual(6);
    for (const entry of signedIn) expect(entry.oid).toBe(SELLER_OID);
  });
});
