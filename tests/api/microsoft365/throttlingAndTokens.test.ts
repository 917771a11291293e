import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contextOf } from '../../../server/microsoft365/microsoft365Context';
import { connectionStringOf } from '../../../server/platform/db/database';
import { createTestApp } from '../../support/testApp';
import { m365Fixture, VICTOR, type M365Fixture } from './m365Fixture';
import { getConnectionStatus } from '../../../src/resources/microsoft365/microsoft365.endpoints';

const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

describe('Microsoft 365: throttling, four calls per mailbox, an expired access token', () => {
  let f: M365Fixture;

  beforeAll(async () => {
    f = await m365Fixture();
    await f.connect(VICTOR);
    await f.settled(VICTOR);
  });
  afterAll(() => f.close());

  it('429 with Retry-After is waited out and the Termine arrive; never more than four calls in flight', async () => {
    // Slow answers so that the lanes overlap; the next calls of the mailbox are refused with 429 first.
    f.standIn.state.latencyMs = 30;
    f.standIn.state.throttle(VICTOR.oid, 3, 1);
    f.standIn.state.maxInFlight.clear();
    const started = Date.now();
    const ids: number[] = [];
    for (let day = 0; day < 90; day += 1)
      ids.push(await f.termin(VICTOR, inDays(1 + (day % 30), 8 + (day % 9))));
    await f.settled(VICTOR, 40_000);
    const calendar = f.outlook(VICTOR);
    expect(calendar).toHaveLength(90);
    const throttled = f.standIn.state.throttles.get(VICTOR.oid);
    expect(throttled?.remaining).toBe(0);
    // Retry-After (1 s) was honoured: the throttled Termine came later, not in a tight loop.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(f.standIn.state.maxInFlight.get(VICTOR.oid)).toBeGreaterThan(1);
    expect(f.standIn.state.maxInFlight.get(VICTOR.oid)).toBeLessThanOrEqual(4);
    expect(f.standIn.state.concurrencyRefusals).toBe(0);
    const status = await f.ok(VICTOR, getConnectionStatus);
    expect(status).toMatchObject({ state: 'verbunden', pendingTermine: 0 });
    f.standIn.state.latencyMs = 0;
  });

  it('twelve calls for one mailbox at once: four go out, the others wait their turn (no 429 from Graph)', async () => {
    const context = contextOf(f.t.app)!;
    // Graph holds the answers until four are in flight: on a busy machine the fourth call once started only after
    // the first had its answer (50 ms each), and the test saw three.
    f.standIn.state.holdUntilInFlight = 4;
    f.standIn.state.maxInFlight.clear();
    const graph = context.graph.forUser(f.users[VICTOR.oid]!);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => graph.api('/me/calendar').get()),
    ).finally(() => (f.standIn.state.holdUntilInFlight = 0));
    expect(answers).toHaveLength(12);
    expect(f.standIn.state.maxInFlight.get(VICTOR.oid)).toBe(4);
    expect(f.standIn.state.concurrencyRefusals).toBe(0);
  });

  it('two instances on one database: never more than four calls in flight per mailbox together; after a 429 all succeed', async () => {
    // A second instance of the product on the same database and Graph, as behind the load balancer.
    const second = await createTestApp({
      databaseUrl: connectionStringOf(f.t.db),
      microsoft365: f.microsoft365,
    });
    try {
      const user = f.users[VICTOR.oid]!;
      const instances = [contextOf(f.t.app)!, contextOf(second.app)!];
      f.standIn.state.latencyMs = 40;
      f.standIn.state.maxInFlight.clear();
      const refusedBefore = f.standIn.state.concurrencyRefusals;
      // The first two calls to reach Graph are refused with 429 and Retry-After: 1.
      f.standIn.state.throttle(VICTOR.oid, 2, 1);
      const started = Date.now();
      const answers = await Promise.all(
        instances.flatMap((context) =>
          Array.from(
            { length: 12 },
            () => context.graph.forUser(user).api('/me/calendar').get() as Promise<{ id?: string }>,
          ),
        ),
      );
      f.standIn.state.latencyMs = 0;
      expect(answers.filter((answer) => answer.id)).toHaveLength(24);
      expect(f.standIn.state.throttles.get(VICTOR.oid)?.remaining).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
      // Graph (the stand-in) refuses a fifth call in flight with 429: none was refused, four did run at once.
      expect(f.standIn.state.concurrencyRefusals).toBe(refusedBefore);
      expect(f.standIn.state.maxInFlight.get(VICTOR.oid)).toBe(4);
      // Every slot was given back.
      expect(await f.t.db.selectFrom('m365_mailbox_slot').selectAll().execute()).toEqual([]);
    } finally {
      f.standIn.state.latencyMs = 0;
      await second.close();
    }
  });

  it('a 503 on a single call is retried by the client and the move arrives', async () => {
    const id = await f.termin(VICTOR, inDays(40));
    await f.settled(VICTOR);
    f.standIn.state.throttle(VICTOR.oid, 1, 1, 503);
    await sql`UPDATE activity SET activity_date = ${inDays(41)}, version = version + 1 WHERE id = ${id}`.execute(
      f.t.db,
    );
    await f.settled(VICTOR);
    const eventId = (
      await f.t.db
        .selectFrom('m365_event')
        .select('event_id')
        .where('activity_id', '=', id)
        .executeTakeFirstOrThrow()
    ).event_id;
    const event = f.outlook(VICTOR).find((e) => e.id === eventId)!;
    expect(event.start?.dateTime).toBe(inDays(41).toISOString().replace('Z', ''));
    expect(f.standIn.state.throttles.get(VICTOR.oid)?.remaining).toBe(0);
  });

  it('an expired access token is renewed with the refresh token, without the person noticing', async () => {
    const id = await f.termin(VICTOR, inDays(50));
    await f.settled(VICTOR);
    const refreshesBefore = f.standIn.state.tokenRequests.filter(
      (r) => r.grantType === 'refresh_token',
    ).length;
    f.standIn.state.expireAccessTokens(VICTOR.oid);
    await sql`UPDATE activity SET activity_date = ${inDays(51)}, version = version + 1 WHERE id = ${id}`.execute(
      f.t.db,
    );
    await f.settled(VICTOR);
    const refreshes = f.standIn.state.tokenRequests.filter((r) => r.grantType === 'refresh_token');
    expect(refreshes.length).toBeGreaterThan(refreshesBefore);
    const status = await f.ok(VICTOR, getConnectionStatus);
    expect(status).toMatchObject({ state: 'verbunden', lastError: null });
  });
});
