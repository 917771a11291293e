import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { getCalendarTermine, moveTermin } from '../../../src/resources/calendar/calendar.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { resultOf } from '../../support/testApp';
import { LENA, m365Fixture, VICTOR, type M365Fixture, type Person } from '../microsoft365/m365Fixture';

const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};

describe('Kalender: Termine per seller and branch; a move with the version check reaches Outlook', () => {
  let f: M365Fixture;
  let id: number;
  let lenasId: number;
  const range = { from: inDays(-1).toISOString(), to: inDays(20).toISOString() };
  const termine = (person: Person, query: { from: string; to: string; scope?: 'branch' } = range) =>
    f.as(person, getCalendarTermine, { query });

  beforeAll(async () => {
    f = await m365Fixture();
    id = await f.termin(VICTOR, inDays(2, 9), 'aufmass');
    await f.termin(VICTOR, inDays(3, 9), 'anruf');
    lenasId = await f.termin(LENA, inDays(4, 10), 'besuch');
    await f.connect(VICTOR);
    await f.settled(VICTOR);
  });
  afterAll(() => f.close());

  it('shows a seller their own Termine (no calls), with their state in Outlook', async () => {
    const mine = await resultOf(termine(VICTOR));
    expect(mine.rows).toEqual([
      expect.objectContaining({
        id,
        activityType: 'aufmass',
        customerName: 'Gruber, Hans',
        outlook: 'gesendet',
      }),
    ]);
    expect(mine.truncated).toBe(false);
  });

  it('a lead sees the branch; a seller asking for the branch gets 403; a long span gets a German 400', async () => {
    const branch = await resultOf(termine(LENA, { ...range, scope: 'branch' }));
    expect(branch.rows.map((row) => row.userName).sort()).toEqual(['Lena Leitung', 'Victor Verkauf']);
    expect((await termine(VICTOR, { ...range, scope: 'branch' })).status).toBe(403);
    const long = await termine(VICTOR, { from: inDays(0).toISOString(), to: inDays(90).toISOString() });
    expect(long.status).toBe(400);
    expect(JSON.stringify({ message: long.message, errors: long.errors })).toContain('höchstens 62 Tagen');
    // End before start: said as such, not as a span too long.
    const reversed = await termine(VICTOR, { from: inDays(5).toISOString(), to: inDays(1).toISOString() });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify({ message: reversed.message, errors: reversed.errors })).toContain(
      'Ende des Zeitraums muss nach seinem Beginn',
    );
  });

  it('a drag is the activity’s write with its version: moved, in Outlook; a stale one gets 409', async () => {
    const row = (await resultOf(termine(VICTOR))).rows[0]!;
    // As the calendar does: the record as it is, with the calendar's version and the new start.
    const activities = entityCalls(f.t, activityEntity);
    const victor = await f.callerOf(VICTOR);
    const record = await resultOf(activities.one(victor, id));
    const move = (version: number, start: Date) =>
      activities.update(victor, id, { ...record, version, activityDate: start.toISOString() });
    const moved = await move(row.version, inDays(5, 14));
    expect(moved.status, moved.message).toBe(200);
    const stale = await move(row.version, inDays(6, 14));
    expect(stale.status).toBe(409);
    await f.settled(VICTOR);
    const event = f.outlook(VICTOR).find((e) => e.subject?.startsWith('Aufmaß'))!;
    expect(event.start?.dateTime).toBe(inDays(5, 14).toISOString().replace('Z', ''));
  });

  it('calendar/moveTermin moves at the shown version (a repeat of the key answers the same), Outlook follows; stale is 409, outsiders 403', async () => {
    const row = (await resultOf(termine(VICTOR))).rows.find((termin) => termin.id === id)!;
    const move = (version: number, start: Date, idempotencyKey: string, person: Person = VICTOR) =>
      f.as(person, moveTermin, { body: { id, version, start: start.toISOString() }, idempotencyKey });
    const [key1, key2, key3] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await move(row.version, inDays(7, 8), key1);
    expect(first.status, first.message).toBe(200);
    expect(first.result).toEqual({ id, version: row.version + 1, start: inDays(7, 8).toISOString() });
    // The outbox's repeat of a send whose answer was lost: the first answer, not a 409 against itself.
    const repeat = await move(row.version, inDays(7, 8), key1);
    expect(repeat.status).toBe(200);
    expect(repeat.result).toEqual(first.result);
    const stale = await move(row.version, inDays(8, 8), key2);
    expect(stale.status).toBe(409);
    const outsider = { ...VICTOR, oid: 'oid-outsider', groups: ['APP_ADMIN'] };
    expect((await move(row.version + 1, inDays(8, 8), key3, outsider)).status).toBe(403);
    await f.settled(VICTOR);
    const event = f.outlook(VICTOR).find((e) => e.subject?.startsWith('Aufmaß'))!;
    expect(event.start?.dateTime).toBe(inDays(7, 8).toISOString().replace('Z', ''));
  });

  it('a seller moves only his own Termine, a lead those of her branch: another’s by hand is a 403', async () => {
    const branchRows = async () => (await resultOf(termine(LENA, { ...range, scope: 'branch' }))).rows;
    const lenas = (await branchRows()).find((row) => row.id === lenasId)!;
    const moveAs = (person: Person, row: { id: number; version: number }, start: Date) =>
      f.as(person, moveTermin, {
        body: { id: row.id, version: row.version, start: start.toISOString() },
        idempotencyKey: randomUUID(),
      });
    // A colleague of the same branch, with the Termin's id and version as the calendar would have them.
    const byColleague = await moveAs(VICTOR, lenas, inDays(9, 9));
    expect(byColleague.status, byColleague.message).toBe(403);
    expect(byColleague.message).toContain('gehört einem anderen Verkäufer');
    // A lead of another branch.
    const otherLead = {
      ...LENA,
      oid: 'oid-lead-klagenfurt',
      groups: ['APP_KUNDE', 'APP_ADMIN_VERKAUF', 'APP_STANDORT_S_KLAGENFURT'],
    };
    expect((await moveAs(otherLead, lenas, inDays(9, 9))).status).toBe(403);
    expect((await branchRows()).find((row) => row.id === lenasId)).toEqual(lenas);
    // The lead of the branch moves her seller's Termin.
    const victors = (await branchRows()).find((row) => row.id === id)!;
    const byLead = await moveAs(LENA, victors, inDays(9, 11));
    expect(byLead.status, byLead.message).toBe(200);
  });
});
