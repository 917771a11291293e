import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday, instantOfCompanyDateTime } from '../../../src/config/companyTime';
import { claimDueConnection, finishDeltaRun } from '../../../server/microsoft365/deltaSyncQueries';
import { freePort } from '../../support/freePort';
import { LENA, m365Fixture, VICTOR, type M365Fixture } from './m365Fixture';
import {
  getCalendarConflicts,
  getConnectionStatus,
  putMicrosoft365Settings,
  resolveCalendarConflict,
} from '../../../src/resources/microsoft365/microsoft365.endpoints';
import { getMyDayAppointments } from '../../../src/resources/dashboard/myDay.endpoints';
import { getCalendarTermine } from '../../../src/resources/calendar/calendar.endpoints';

const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  // Generous (within the test's 30 s): the delta job shares two busy cores with the rest of the suite on CI.
  timeoutMs = 25_000,
) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`Nicht eingetreten: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('Microsoft 365: Outlook back into the CRM (delta, notifications, conflicts, customer meetings)', () => {
  let f: M365Fixture;
  let port: number;
  const ids: Record<string, number> = {};
  const eventOf = async (activityId: number) =>
    (
      await f.t.db
        .selectFrom('m365_event')
        .select('event_id')
        .where('activity_id', '=', activityId)
        .executeTakeFirstOrThrow()
    ).event_id!;
  const activityDate = async (id: number) =>
    (await sql<{ d: Date }>`SELECT activity_date AS d FROM activity WHERE id = ${id}`.execute(f.t.db)).rows[0]
      ?.d;
  const connection = () =>
    f.t.db.selectFrom('m365_connection').selectAll().where('oid', '=', VICTOR.oid).executeTakeFirstOrThrow();

  beforeAll(async () => {
    port = await freePort();
    f = await m365Fixture({ notificationBaseUrl: `http://127.0.0.1:${port}`, deltaIntervalMs: 600_000 });
    await f.t.app.listen({ port, host: '127.0.0.1' });
    ids.moved = await f.termin(VICTOR, inDays(2));
    ids.deleted = await f.termin(VICTOR, inDays(3));
    ids.both = await f.termin(VICTOR, inDays(4));
    ids.during = await f.termin(VICTOR, inDays(8, 11));
    await f.connect(VICTOR);
    await f.settled(VICTOR);
  });
  afterAll(() => f.close());

  it('subscribes to the calendar for notifications after Graph validated the address', async () => {
    const subscription = await waitFor(
      'ein Abonnement',
      async () => [...f.standIn.state.subscriptions.values()][0],
    );
    // The stand-in holds the subscription as soon as Graph's answer leaves; the connection row takes its id just
    // after (a busy machine let the test read in between).
    const row = await waitFor('die Abonnement-Nummer in der Verbindung', async () => {
      const current = await connection();
      return current.subscription_id ? current : undefined;
    });
    expect(subscription).toMatchObject({
      changeType: 'created,updated,deleted',
      resource: `me/calendars/${row.calendar_id}/events`,
      notificationUrl: `http://127.0.0.1:${port}/api/microsoft365/notifications`,
      lifecycleNotificationUrl: `http://127.0.0.1:${port}/api/microsoft365/lifecycle`,
    });
    expect(row.subscription_id).toBe(subscription.id);
    expect(subscription.clientState).toBe(row.subscription_secret);
  });

  it('a Termin moved in Outlook moves in the CRM (notification, then delta), as the person’s change', async () => {
    const eventId = await eventOf(ids.moved!);
    f.standIn.moveInOutlook(VICTOR.oid, eventId, inDays(5, 14).toISOString(), inDays(5, 16).toISOString());
    await waitFor(
      'der Termin folgt',
      async () => (await activityDate(ids.moved!))?.getTime() === inDays(5, 14).getTime(),
    );
    const link = await f.t.db
      .selectFrom('m365_event')
      .selectAll()
      .where('activity_id', '=', ids.moved!)
      .executeTakeFirstOrThrow();
    // The new end stays for later writes; nothing goes back to Outlook for a change that came from there.
    expect(link).toMatchObject({ want: 'ok', synced_version: 2 });
    expect(new Date(link.end_at!).getTime()).toBe(inDays(5, 16).getTime());
    const { rows } = await sql<{ actor_name: string; changes: Record<string, unknown> }>`
      SELECT actor_name, changes FROM change_record WHERE area = 'aktivitaeten' AND record_id = ${ids.moved}`.execute(
      f.t.db,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        actor_name: 'Victor Verkauf (in Outlook)',
        changes: expect.objectContaining({}),
      }),
    ]);
    expect(Object.keys(rows[0]!.changes)).toEqual(['activityDate']);
  });

  it('a Termin deleted in Outlook is deleted in the CRM', async () => {
    f.standIn.deleteInOutlook(VICTOR.oid, await eventOf(ids.deleted!));
    await waitFor('der Termin ist weg', async () => (await activityDate(ids.deleted!)) === undefined);
  });

  it('a notification that comes while a run holds the calendar is not lost when that run ends', async () => {
    // This test plays the run: it takes the calendar (the job's lanes look only every few seconds), Outlook
    // notifies meanwhile, the run ends as nothing had come; the job's next run must still pick the change up.
    const run = await waitFor('den Kalender genommen', async () => {
      await sql`UPDATE m365_connection SET sync_due_at = now()
        WHERE oid = ${VICTOR.oid} AND (sync_lease_until IS NULL OR sync_lease_until < now())`.execute(f.t.db);
      return claimDueConnection(f.t.db);
    });
    f.standIn.moveInOutlook(
      VICTOR.oid,
      await eventOf(ids.during!),
      inDays(9, 7).toISOString(),
      inDays(9, 8).toISOString(),
    );
    await f.standIn.settled();
    await finishDeltaRun(f.t.db, run, 600_000);
    await waitFor(
      'der Termin folgt nach dem Lauf',
      async () => (await activityDate(ids.during!))?.getTime() === inDays(9, 7).getTime(),
    );
  });

  it('changed on both sides: a conflict is recorded and shown, nothing overwritten; the person decides', async () => {
    // No notification and no delta run in between: the CRM's write meets Outlook's change.
    f.standIn.state.subscriptions.clear();
    await sql`UPDATE m365_connection SET sync_due_at = now() + interval '1 hour'`.execute(f.t.db);
    const eventId = await eventOf(ids.both!);
    f.standIn.moveInOutlook(VICTOR.oid, eventId, inDays(6, 8).toISOString(), inDays(6, 9).toISOString());
    await sql`UPDATE activity SET activity_date = ${inDays(7, 10)}, version = version + 1
      WHERE id = ${ids.both}`.execute(f.t.db);
    const conflicts = await waitFor('ein Konflikt', async () => {
      const { rows } = await f.ok(VICTOR, getCalendarConflicts);
      return rows.length ? rows : null;
    });
    expect(conflicts).toEqual([
      expect.objectContaining({
        activityId: ids.both,
        kind: 'verschoben',
        outlookStart: inDays(6, 8).toISOString(),
        crmStart: inDays(7, 10).toISOString(),
        customerName: 'Gruber, Hans',
      }),
    ]);
    // Neither side was overwritten.
    expect((await activityDate(ids.both!))?.getTime()).toBe(inDays(7, 10).getTime());
    const outlookEvent = f.outlook(VICTOR).find((e) => e.id === eventId)!;
    expect(outlookEvent.start?.dateTime).toBe(inDays(6, 8).toISOString().replace('Z', ''));
    expect((await f.ok(VICTOR, getConnectionStatus)).openConflicts).toBe(1);

    // Another person's conflict (the lead's too): 403, and it stays open.
    const foreign = await f.as(LENA, resolveCalendarConflict, {
      params: { id: conflicts[0]!.id },
      body: { keep: 'outlook' },
    });
    expect(foreign.status).toBe(403);
    expect((await f.ok(LENA, getCalendarConflicts)).rows).toEqual([]);

    const resolved = await f.ok(VICTOR, resolveCalendarConflict, {
      params: { id: conflicts[0]!.id },
      body: { keep: 'crm' },
    });
    expect(resolved).toEqual({ resolved: true });
    await f.settled(VICTOR);
    expect(f.outlook(VICTOR).find((e) => e.id === eventId)!.start?.dateTime).toBe(
      inDays(7, 10).toISOString().replace('Z', ''),
    );
    expect((await f.ok(VICTOR, getCalendarConflicts)).rows).toEqual([]);
  });

  it('reads Outlook meetings with customers (any mail domain) into the CRM and Mein Tag only for those who opt in', async () => {
    const meeting = f.standIn.createInOutlook(VICTOR.oid, {
      subject: 'Besprechung Wintergarten',
      start: { dateTime: inDays(8, 9).toISOString().replace('Z', ''), timeZone: 'UTC' },
      end: { dateTime: inDays(8, 10).toISOString().replace('Z', ''), timeZone: 'UTC' },
      attendees: [{ type: 'required', emailAddress: { address: 'Hans.Gruber@GMX.at', name: 'Hans Gruber' } }],
    });
    // One today at 12:00 company time: Mein Tag shows it (the tenant's day, whatever the server's clock zone).
    const zone = f.t.app.timeZone;
    const noon = instantOfCompanyDateTime(`${companyToday(zone)}T12:00`, zone);
    const utc = (instant: Date) => instant.toISOString().replace('Z', '');
    const today = f.standIn.createInOutlook(VICTOR.oid, {
      subject: 'Fensterberatung vor Ort',
      start: { dateTime: utc(noon), timeZone: 'UTC' },
      end: { dateTime: utc(new Date(noon.getTime() + 3_600_000)), timeZone: 'UTC' },
      attendees: [{ type: 'required', emailAddress: { address: 'hans.gruber@gmx.at', name: 'Hans Gruber' } }],
    });
    const myDay = async (person = VICTOR) =>
      (await f.ok(person, getMyDayAppointments, { query: {} })).meetings;
    await sql`UPDATE m365_connection SET sync_due_at = now()`.execute(f.t.db);
    await waitFor('ein Abgleich', async () => {
      const row = await connection();
      return row.last_sync_at && new Date(row.last_sync_at).getTime() > Date.now() - 3_000;
    });
    expect(await f.t.db.selectFrom('m365_meeting').selectAll().execute()).toEqual([]);
    expect(await myDay()).toEqual([]);

    await f.ok(VICTOR, putMicrosoft365Settings, { body: { showCustomerMeetings: true } });
    const rows = await waitFor('die Kundentreffen', async () => {
      const found = await f.t.db.selectFrom('m365_meeting').selectAll().execute();
      return found.length === 2 ? found : null;
    });
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          event_id: meeting.id,
          customer_id: f.customer,
          subject: 'Besprechung Wintergarten',
        }),
      ]),
    );
    // Mein Tag: today's meeting with the customer's address and phone, not the one next week; nobody else's.
    expect(await myDay()).toEqual([
      expect.objectContaining({
        eventId: today.id,
        subject: 'Fensterberatung vor Ort',
        start: noon.toISOString(),
        customerId: f.customer,
        customerName: 'Gruber, Hans',
        city: 'Villach',
        phone: '+43 4242 12345',
      }),
    ]);
    expect(await myDay(LENA)).toEqual([]);
    // Shown in the person's calendar, read-only, beside the CRM's Termine.
    const calendar = await f.ok(VICTOR, getCalendarTermine, {
      query: { from: inDays(7).toISOString(), to: inDays(10).toISOString() },
    });
    expect(calendar.meetings).toEqual([
      expect.objectContaining({
        eventId: meeting.id,
        subject: 'Besprechung Wintergarten',
        customerName: 'Gruber, Hans',
      }),
    ]);
    await f.ok(VICTOR, putMicrosoft365Settings, { body: { showCustomerMeetings: false } });
    expect(await f.t.db.selectFrom('m365_meeting').selectAll().execute()).toEqual([]);
    expect(await myDay()).toEqual([]);
  });

  it('answers Graph’s validation, ignores a notification with a wrong clientState, recreates a removed subscription', async () => {
    const validation = await fetch(
      `http://127.0.0.1:${port}/api/microsoft365/notifications?validationToken=${encodeURIComponent('a b+c')}`,
      { method: 'POST' },
    );
    expect(validation.status).toBe(200);
    expect(validation.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await validation.text()).toBe('a b+c');

    // Due in an hour, set while no delta run holds the calendar: a run still going sets its own next due time
    // when it ends (finishDeltaRun) and would overwrite this one; with the time an hour ahead none starts anew.
    await waitFor('kein laufender Abgleich', async () => {
      const { numAffectedRows } = await sql`UPDATE m365_connection SET sync_due_at = now() + interval '1 hour'
        WHERE oid = ${VICTOR.oid} AND (sync_lease_until IS NULL OR sync_lease_until < now())`.execute(f.t.db);
      return Number(numAffectedRows ?? 0) > 0;
    });
    await sql`UPDATE m365_connection SET sync_due_at = now() + interval '1 hour'`.execute(f.t.db);
    const row = await connection();
    const forged = await fetch(`http://127.0.0.1:${port}/api/microsoft365/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ value: [{ subscriptionId: row.subscription_id, clientState: 'falsch' }] }),
    });
    expect(forged.status).toBe(202);
    // Junk from anyone on the internet: skipped like a forged notification, never a 500.
    for (const path of ['notifications', 'lifecycle']) {
      for (const value of [
        [null, 1, 'x', { subscriptionId: 5, clientState: {} }],
        { subscriptionId: 'x' },
        'x',
      ]) {
        const junk = await fetch(`http://127.0.0.1:${port}/api/microsoft365/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        });
        expect(junk.status, `${path} ${JSON.stringify(value)}`).toBe(202);
      }
    }
    const longToken = await fetch(
      `http://127.0.0.1:${port}/api/microsoft365/notifications?validationToken=${'a'.repeat(1001)}`,
      { method: 'POST' },
    );
    expect(longToken.status).toBe(400);
    expect(await longToken.json()).toMatchObject({
      result: { message: expect.stringMatching(/validationToken/) },
    });
    expect(new Date((await connection()).sync_due_at).getTime()).toBeGreaterThan(Date.now() + 3_000_000);

    // The subscription was dropped at Graph (cleared above); Graph's lifecycle notice makes the next run recreate it.
    f.standIn.state.subscriptions.set(row.subscription_id!, {
      id: row.subscription_id!,
      oid: VICTOR.oid,
      lifecycleNotificationUrl: `http://127.0.0.1:${port}/api/microsoft365/lifecycle`,
      clientState: row.subscription_secret!,
    });
    expect(await f.standIn.lifecycle(row.subscription_id!, 'subscriptionRemoved')).toBe(202);
    f.standIn.state.subscriptions.delete(row.subscription_id!);
    const renewed = await waitFor(
      'ein neues Abonnement',
      async () => [...f.standIn.state.subscriptions.values()][0],
    );
    expect(renewed.id).not.toBe(row.subscription_id);
    // The run notes the new subscription once Graph has answered its creation: a moment after Graph has it.
    const noted = await waitFor('das neue Abonnement am Konto', async () => {
      const id = (await connection()).subscription_id;
      return id !== null && id !== row.subscription_id && id;
    });
    expect(noted).toBe(renewed.id);
  });
});
