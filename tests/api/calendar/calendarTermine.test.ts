import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  const range = `from=${inDays(-1).toISOString()}&to=${inDays(20).toISOString()}`;

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
    const mine = await f.ok(VICTOR, { method: 'GET', url: `/api/calendar/termine?${range}` });
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
    const branch = await f.ok(LENA, { method: 'GET', url: `/api/calendar/termine?${range}&scope=branch` });
    expect((branch.rows as { userName: string }[]).map((row) => row.userName).sort()).toEqual([
      'Lena Leitung',
      'Victor Verkauf',
    ]);
    expect(
      (await f.as(VICTOR, { method: 'GET', url: `/api/calendar/termine?${range}&scope=branch` })).status,
    ).toBe(403);
    const long = await f.as(VICTOR, {
      method: 'GET',
      url: `/api/calendar/termine?from=${inDays(0).toISOString()}&to=${inDays(90).toISOString()}`,
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('höchstens 62 Tagen');
    // End before start: said as such, not as a span too long.
    const reversed = await f.as(VICTOR, {
      method: 'GET',
      url: `/api/calendar/termine?from=${inDays(5).toISOString()}&to=${inDays(1).toISOString()}`,
    });
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('Ende des Zeitraums muss nach seinem Beginn');
  });

  it('a drag is the activity’s write with its version: moved, in Outlook; a stale one gets 409', async () => {
    const row = (
      (await f.ok(VICTOR, { method: 'GET', url: `/api/calendar/termine?${range}` })).rows as {
        id: number;
        version: number;
      }[]
    )[0]!;
    // As the calendar does: the record as it is, with the calendar's version and the new start.
    const record = await f.ok(VICTOR, { method: 'GET', url: `/api/kunde/getActivitiesForCustomer/${id}` });
    const move = (version: number, start: Date) =>
      f.as(VICTOR, {
        method: 'PUT',
        url: `/api/activity/putSingleActivity/${id}`,
        payload: { ...record, version, activityDate: start.toISOString() },
      });
    const moved = await move(row.version, inDays(5, 14));
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const stale = await move(row.version, inDays(6, 14));
    expect(stale.status).toBe(409);
    await f.settled(VICTOR);
    const event = f.outlook(VICTOR).find((e) => e.subject?.startsWith('Aufmaß'))!;
    expect(event.start?.dateTime).toBe(inDays(5, 14).toISOString().replace('Z', ''));
  });

  it('calendar/moveTermin moves at the shown version (a repeat of the key answers the same), Outlook follows; stale is 409, outsiders 403', async () => {
    const row = (
      (await f.ok(VICTOR, { method: 'GET', url: `/api/calendar/termine?${range}` })).rows as {
        id: number;
        version: number;
      }[]
    ).find((termin) => termin.id === id)!;
    const move = (version: number, start: Date, key: string, person: Person = VICTOR) =>
      f.as(person, {
        method: 'POST',
        url: '/api/calendar/moveTermin',
        payload: { id, version, start: start.toISOString() },
        headers: { 'idempotency-key': key },
      });
    const [key1, key2, key3] = [randomUUID(), randomUUID(), randomUUID()];
    const first = await move(row.version, inDays(7, 8), key1);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.result).toEqual({ id, version: row.version + 1, start: inDays(7, 8).toISOString() });
    // The outbox's repeat of a send whose answer was lost: the first answer, not a 409 against itself.
    const repeat = await move(row.version, inDays(7, 8), key1);
    expect(repeat.status).toBe(200);
    expect(repeat.body.result).toEqual(first.body.result);
    const stale = await move(row.version, inDays(8, 8), key2);
    expect(stale.status).toBe(409);
    const outsider = { ...VICTOR, oid: 'oid-outsider', groups: ['APP_ADMIN'] };
    expect((await move(row.version + 1, inDays(8, 8), key3, outsider)).status).toBe(403);
    await f.settled(VICTOR);
    const event = f.outlook(VICTOR).find((e) => e.subject?.startsWith('Aufmaß'))!;
    expect(event.start?.dateTime).toBe(inDays(7, 8).toISOString().replace('Z', ''));
  });

  it('a seller moves only his own Termine, a lead those of her branch: another’s by hand is a 403', async () => {
    const branchRows = async () =>
      (await f.ok(LENA, { method: 'GET', url: `/api/calendar/termine?${range}&scope=branch` })).rows as {
        id: number;
        version: number;
        start: string;
      }[];
    const lenas = (await branchRows()).find((row) => row.id === lenasId)!;
    const moveAs = (person: Person, row: { id: number; version: number }, start: Date) =>
      f.as(person, {
        method: 'POST',
        url: '/api/calendar/moveTermin',
        payload: { id: row.id, version: row.version, start: start.toISOString() },
        headers: { 'idempotency-key': randomUUID() },
      });
    // A colleague of the same branch, with the Termin's id and version as the calendar would have them.
    const byColleague = await moveAs(VICTOR, lenas, inDays(9, 9));
    expect(byColleague.status, JSON.stringify(byColleague.body)).toBe(403);
    expect(JSON.stringify(byColleague.body)).toContain('gehört einem anderen Verkäufer');
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
    expect(byLead.status, JSON.stringify(byLead.body)).toBe(200);
  });
});
