import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_ID_PROPERTY } from '../../../server/microsoft365/terminEvent';
import { openToken } from '../../../server/microsoft365/tokenSeal';
import { LENA, m365Fixture, VICTOR, type M365Fixture } from './m365Fixture';
import {
  connectMicrosoft365,
  disconnectMicrosoft365,
  getCalendarConflicts,
  getConnectionStatus,
  getTeamConnections,
} from '../../../src/resources/microsoft365/microsoft365.endpoints';

const inDays = (days: number, hour = 9) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date;
};
const utc = (date: Date) => date.toISOString().replace('Z', '');

describe('Microsoft 365: connection per person and Termine written to Outlook', () => {
  let f: M365Fixture;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    f = await m365Fixture();
    ids.aufmass = await f.termin(VICTOR, inDays(2), 'aufmass');
    ids.besuch = await f.termin(VICTOR, inDays(3, 13), 'besuch');
    ids.anruf = await f.termin(VICTOR, inDays(2, 11), 'anruf');
    ids.past = await f.termin(VICTOR, inDays(-10), 'termin', true);
  });
  afterAll(() => f.close());

  it('is not connected at first, and offered', async () => {
    const status = await f.ok(VICTOR, getConnectionStatus);
    expect(status).toMatchObject({
      available: true,
      state: 'nicht_verbunden',
      mailbox: null,
      pendingTermine: 0,
    });
  });

  it('asks for consent to exactly Calendars.ReadWrite and Mail.Send (delegated), then connects on behalf of the person', async () => {
    const first = await f.ok(VICTOR, connectMicrosoft365);
    expect(first.state).toBe('nicht_verbunden');
    const consent = new URL(String(first.consentUrl));
    expect(consent.pathname).toMatch(/\/oauth2\/v2\.0\/authorize$/);
    expect(consent.searchParams.get('client_id')).toBe(f.standIn.client.clientId);
    expect(consent.searchParams.get('login_hint')).toBe(VICTOR.mail);
    expect(consent.searchParams.get('scope')!.split(' ').sort()).toEqual([
      'https://graph.microsoft.com/Calendars.ReadWrite',
      'https://graph.microsoft.com/Mail.Send',
      'offline_access',
    ]);
    const connected = await f.connect(VICTOR);
    expect(connected).toEqual({ state: 'verbunden', consentUrl: null });
    // On behalf of the person: an on-behalf-of exchange of their own API token, no application permission.
    const exchanges = f.standIn.state.tokenRequests.filter((r) => r.grantType === 'obo');
    expect(exchanges.length).toBeGreaterThanOrEqual(2);
    expect(exchanges.every((r) => r.oid === VICTOR.oid)).toBe(true);
    const status = await f.ok(VICTOR, getConnectionStatus);
    expect(status).toMatchObject({ state: 'verbunden', mailbox: VICTOR.mail, lastError: null });
  });

  it('keeps the tokens sealed with the key from the environment, bound to the person', async () => {
    const row = await f.t.db
      .selectFrom('m365_connection')
      .select(['oid', 'refresh_token', 'access_token'])
      .where('oid', '=', VICTOR.oid)
      .executeTakeFirstOrThrow();
    const refresh = openToken(f.microsoft365.tokenKey, VICTOR.oid, row.refresh_token!);
    expect(refresh).toMatch(/^sr\./);
    expect(row.refresh_token!.includes(Buffer.from(refresh))).toBe(false);
    expect(() => openToken(f.microsoft365.tokenKey, LENA.oid, row.refresh_token!)).toThrow();
  });

  it('writes the planned Termine to the Outlook calendar: subject, address, phone, link, the CRM id', async () => {
    await f.settled(VICTOR);
    const events = f.outlook(VICTOR);
    expect(events).toHaveLength(2);
    const aufmass = events.find((e) => e.subject?.startsWith('Aufmaß'))!;
    expect(aufmass.subject).toBe('Aufmaß: Gruber, Hans');
    expect(aufmass.location?.displayName).toBe('Hauptplatz 1, 9500 Villach');
    expect(aufmass.body?.content).toContain('Telefon: +43 4242 12345');
    expect(aufmass.body?.content).toContain(`/crm/kunden/${f.customer}/show`);
    expect(aufmass.start).toEqual({ dateTime: utc(inDays(2)), timeZone: 'UTC' });
    expect(aufmass.end).toEqual({
      dateTime: utc(new Date(inDays(2).getTime() + 3_600_000)),
      timeZone: 'UTC',
    });
    expect(aufmass.singleValueExtendedProperties).toEqual([
      { id: CRM_ID_PROPERTY, value: `aktivitaet:${ids.aufmass}` },
    ]);
    // Every call asked for immutable ids: the link survives moves between folders.
    expect(f.standIn.state.calls.every((call) => call.immutableIds)).toBe(true);
    const link = await f.t.db
      .selectFrom('m365_event')
      .selectAll()
      .where('activity_id', '=', ids.aufmass!)
      .executeTakeFirstOrThrow();
    expect(link).toMatchObject({ event_id: aufmass.id, want: 'ok', synced_version: 1 });
  });

  it('moves the Outlook event when the Termin moves in the CRM, by whatever path', async () => {
    const eventId = (
      await f.t.db
        .selectFrom('m365_event')
        .select('event_id')
        .where('activity_id', '=', ids.aufmass!)
        .executeTakeFirstOrThrow()
    ).event_id!;
    await sql`UPDATE activity SET activity_date = ${inDays(4, 15)}, version = version + 1
      WHERE id = ${ids.aufmass}`.execute(f.t.db);
    await f.settled(VICTOR);
    const moved = f.outlook(VICTOR).find((e) => e.id === eventId)!;
    expect(moved.start?.dateTime).toBe(utc(inDays(4, 15)));
    // The same event (its immutable id), not a copy.
    expect(f.outlook(VICTOR)).toHaveLength(2);
  });

  it('a Termin created later goes to Outlook, and one deleted in the CRM is removed there', async () => {
    ids.later = await f.termin(VICTOR, inDays(5), 'schauraum');
    await f.settled(VICTOR);
    expect(f.outlook(VICTOR).map((e) => e.subject)).toContain('Schauraumtermin: Gruber, Hans');
    await sql`DELETE FROM activity WHERE id = ${ids.later}`.execute(f.t.db);
    await f.settled(VICTOR);
    expect(f.outlook(VICTOR).map((e) => e.subject)).not.toContain('Schauraumtermin: Gruber, Hans');
    expect(f.outlook(VICTOR)).toHaveLength(2);
  });

  it('shows other people nothing of a connection; the team view is for leads only', async () => {
    const lenaStatus = await f.ok(LENA, getConnectionStatus);
    expect(lenaStatus).toMatchObject({ state: 'nicht_verbunden', mailbox: null });
    expect((await f.as(VICTOR, getTeamConnections)).status).toBe(403);
    // Without the CRM's group nobody reaches any of the routes of a connection.
    const outsider = { oid: 'oid-aussen', name: 'Außen Stehend', mail: 'aussen@strussnig.at', groups: [] };
    expect((await f.as(outsider, getConnectionStatus)).status, getConnectionStatus.path).toBe(403);
    expect((await f.as(outsider, connectMicrosoft365)).status, connectMicrosoft365.path).toBe(403);
    expect((await f.as(outsider, disconnectMicrosoft365)).status, disconnectMicrosoft365.path).toBe(403);
    expect((await f.as(outsider, getCalendarConflicts)).status, getCalendarConflicts.path).toBe(403);
    const team = await f.ok(LENA, getTeamConnections);
    expect(team.rows).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Victor Verkauf', state: 'verbunden' })]),
    );
  });

  it('after a revocation the person and their lead see "erneuern" with the reason, not silence', async () => {
    f.standIn.state.revoke(VICTOR.oid);
    await sql`UPDATE activity SET activity_date = ${inDays(6)}, version = version + 1
      WHERE id = ${ids.besuch}`.execute(f.t.db);
    const until = Date.now() + 15_000;
    let status = await f.ok(VICTOR, getConnectionStatus);
    while (status.state !== 'erneuern' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await f.ok(VICTOR, getConnectionStatus);
    }
    expect(status.state).toBe('erneuern');
    expect(String(status.lastError)).toContain('AADSTS50173');
    expect(status.pendingTermine).toBe(1);
    const team = await f.ok(LENA, getTeamConnections);
    expect(team.rows[0]).toMatchObject({
      name: 'Victor Verkauf',
      state: 'erneuern',
    });
    // Connecting again (the consent is still there) sends what waited.
    await f.connect(VICTOR);
    await f.settled(VICTOR);
    const besuch = f.outlook(VICTOR).find((e) => e.subject?.startsWith('Besuch'))!;
    expect(besuch.start?.dateTime).toBe(utc(inDays(6)));
  });

  it('"Trennen" removes every token', async () => {
    expect(await f.ok(VICTOR, disconnectMicrosoft365)).toEqual({
      state: 'nicht_verbunden',
    });
    const rows = await f.t.db
      .selectFrom('m365_connection')
      .selectAll()
      .where('oid', '=', VICTOR.oid)
      .execute();
    expect(rows).toEqual([]);
    expect((await f.ok(VICTOR, getConnectionStatus)).state).toBe('nicht_verbunden');
  });
});
