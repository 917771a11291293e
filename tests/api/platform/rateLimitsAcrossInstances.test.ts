import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS } from '../../../src/auth/groups';
import { connectionStringOf } from '../../../server/platform/db/database';
import { FAILED_SIGN_INS_PER_MINUTE, RATE_LIMITS } from '../../../server/platform/http/rateLimits';
import { createTestApp, type TestApp } from '../../support/testApp';
import { minuteWaitTimeout, withinOneMinute } from '../../support/freshMinute';

// Two instances of the product on one database, as behind the load balancer.
describe('rate limits hold across instances', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ databaseUrl: connectionStringOf(a.db) });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  const myGroups = (t: TestApp, remoteAddress: string, token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/user/myGroups',
      remoteAddress,
      headers: { authorization: `Bearer ${token}` },
    });

  it(
    'slows a burst of bad tokens from one address on both instances: 429 with Retry-After, in German',
    async () => {
      const attacker = '198.51.100.7';
      const burst = FAILED_SIGN_INS_PER_MINUTE + 50;
      // The limit counts per clock minute (from :00): the whole burst within one.
      await withinOneMinute(20);
      const answers = await Promise.all(
        Array.from({ length: burst }, (_, i) => myGroups(i % 2 ? a : b, attacker, `kaputt.${i}.token`)),
      );
      const statuses = answers.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(FAILED_SIGN_INS_PER_MINUTE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(50);
      const slowed = answers.find((r) => r.statusCode === 429)!;
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(slowed.json().result.message).toMatch(
        /Zu viele fehlgeschlagene Anmeldungen .* (einer Sekunde|\d+ Sekunden) erneut/,
      );
      // Both instances refuse it now, also a request without any token.
      for (const t of [a, b]) {
        expect((await myGroups(t, attacker, 'noch.ein.versuch')).statusCode).toBe(429);
        const bare = await t.app.inject({
          method: 'GET',
          url: '/api/user/myGroups',
          remoteAddress: attacker,
        });
        expect(bare.statusCode).toBe(429);
      }
    },
    minuteWaitTimeout(20),
  );

  it("does not hit a good caller with someone else's failures, not even behind the same address", async () => {
    for (const t of [a, b]) {
      // Each test instance signs in with keys of its own.
      const token = await t.tokenFor([GROUPS.kunde]);
      expect((await myGroups(t, '198.51.100.7', token)).statusCode).toBe(200);
      expect((await myGroups(t, '203.0.113.20', token)).statusCode).toBe(200);
      // A colleague elsewhere who mistypes once gets the plain 401.
      expect((await myGroups(t, '203.0.113.21', 'abgelaufen.x.y')).statusCode).toBe(401);
    }
  });

  it("counts a person's limited calls on every instance together", async () => {
    const tokens = [await b.tokenFor([GROUPS.admin]), await a.tokenFor([GROUPS.admin])];
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.sync; i++) {
      const token = tokens[i % 2]!;
      const response = await (i % 2 ? a : b).app.inject({
        method: 'POST',
        url: '/api/etl/sync/daten',
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, RATE_LIMITS.sync)).not.toContain(429);
    expect(statuses[RATE_LIMITS.sync]).toBe(429);
  });
});
