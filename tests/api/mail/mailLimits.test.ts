import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, ISSUER, type TestApp } from '../../support/testApp';
import { signAccessToken } from '../../support/tokens';
import { minuteWaitTimeout, withinOneMinute } from '../../support/freshMinute';

const SELLER = ['APP_KUNDE'];

describe('limits on mails to customers', () => {
  let t: TestApp;
  let customer: { id: number; email: string };
  const send = (token: string, to: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mail/sendMailToCustomer',
      headers: { authorization: `Bearer ${token}` },
      payload: { customerId: customer.id, to, subject: 'Ihr Angebot', body: 'Guten Tag' },
    });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 5 });
    const { rows } = await sql<{ id: number; email: string }>`
      SELECT id, email FROM customer WHERE email IS NOT NULL ORDER BY id LIMIT 1`.execute(t.db);
    customer = rows[0]!;
  });
  afterAll(() => t.close());

  it('sends only to an address stored on the customer or its Endkunden: German 400 at "to" otherwise', async () => {
    const token = await signAccessToken(t.signingKey, ISSUER, SELLER, { oid: 'oid-adresse' });
    const stranger = await send(token, 'fremd@example.com');
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().result.errors.to).toMatch(/nicht hinterlegt.*zuerst beim Kunden/);
    // The same address in other letters is the stored one.
    expect((await send(token, customer.email.toUpperCase())).statusCode).toBe(200);
    // An Endkunde's address on one of the customer's Vorgänge counts too.
    const { rows } = await sql<{ email: string }>`
      SELECT e.email FROM vorgang v JOIN end_customer e ON e.id = v.end_customer_id
      WHERE e.email IS NOT NULL AND v.customer_id = ${customer.id} LIMIT 1`.execute(t.db);
    if (rows[0]) expect((await send(token, rows[0].email)).statusCode).toBe(200);
    const kept = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM sent_mail WHERE recipient = 'fremd@example.com'`.execute(t.db);
    expect(Number(kept.rows[0]!.n)).toBe(0);
  });

  it(
    'refuses the 31st mail within a minute from one seller with a German 429; another seller may still send',
    async () => {
      const seller = await signAccessToken(t.signingKey, ISSUER, SELLER, { oid: 'oid-vielschreiber' });
      const statuses: number[] = [];
      // The limit counts per clock minute (from :00): all 31 sends within one, also on a busy machine.
      await withinOneMinute(30);
      for (let i = 0; i < 30; i++) statuses.push((await send(seller, customer.email)).statusCode);
      expect(statuses.every((status) => status === 200)).toBe(true);
      const refused = await send(seller, customer.email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().result.message).toMatch(
        /^Zu viele Anfragen: höchstens 30 pro Minute\. Bitte versuchen Sie es in (einer Sekunde|\d+ Sekunden) erneut\.$/,
      );
      const colleague = await signAccessToken(t.signingKey, ISSUER, SELLER, { oid: 'oid-kollege' });
      expect((await send(colleague, customer.email)).statusCode).toBe(200);
    },
    minuteWaitTimeout(30),
  );
});
