import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  trackFileDownload,
  trackLogin,
  usageReport,
} from '../../../src/resources/analytics/analytics.endpoints';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('usage analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO stored_file (id, owner_type, original_name, stored_name, mime_type, size_bytes)
              VALUES (1, 'download', 'Preisliste 2026.pdf', 'a1b2', 'application/pdf', 1000),
                     (2, 'download', 'Montageanleitung.pdf', 'c3d4', 'application/pdf', 2000)`.execute(t.db);
  });
  afterAll(() => t.close());

  it('records sign-ins and downloads and reports them to admins', async () => {
    expect((await t.callEndpoint(['APP_KUNDE'], trackLogin)).status).toBe(200);
    expect((await t.callEndpoint(['APP_KUNDE'], trackLogin)).status).toBe(200);
    for (const id of [1, 1, 2]) {
      expect((await t.callEndpoint(['APP_DATEIEN'], trackFileDownload, { params: { id } })).status).toBe(200);
    }
    const unknown = await t.callEndpoint(['APP_DATEIEN'], trackFileDownload, { params: { id: 99 } });
    expect(unknown.status).toBe(404);
    expect(unknown.message).toBe('Die Datei wurde nicht gefunden.');

    const report = await t.callEndpoint(['APP_ADMIN'], usageReport, { query: { days: 7 } });
    expect(report.status).toBe(200);
    const { result } = report;
    expect(result.sessionsPerDay).toHaveLength(7);
    // Two loads a moment apart are one session.
    expect(result.sessionsPerDay.at(-1)).toMatchObject({ sessions: 1, users: 1 });
    expect(result.activeUsers.last7).toBe(1);
    expect(result.topDownloads).toEqual([
      expect.objectContaining({ name: 'Preisliste 2026.pdf', downloads: 2 }),
      expect.objectContaining({ name: 'Montageanleitung.pdf', downloads: 1 }),
    ]);
  });

  it('reports a chosen period and refuses a reversed or too long one with a German message', async () => {
    const report = await t.callEndpoint(['APP_ADMIN'], usageReport, {
      query: { from: '2026-02-20', to: '2026-03-02' },
    });
    expect(report.status).toBe(200);
    const days = report.result.sessionsPerDay.map((d) => d.day);
    expect(days).toHaveLength(11);
    expect([days[0], days.at(-1)]).toEqual(['2026-02-20', '2026-03-02']);

    const reversed = await t.callEndpoint(['APP_ADMIN'], usageReport, {
      query: { from: '2026-03-02', to: '2026-02-20' },
    });
    expect(reversed.status).toBe(400);
    expect(reversed.errors).toEqual({ from: '„Von“ muss vor „Bis“ liegen.' });
    const tooLong = await t.callEndpoint(['APP_ADMIN'], usageReport, {
      query: { from: '2024-01-01', to: '2026-01-01' },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.errors).toEqual({ to: 'Der Zeitraum darf höchstens 366 Tage umfassen.' });
  });

  it('counts sessions, not page loads: loads of a person without a 30-minute pause are one', async () => {
    // Company days in Vienna. Anna: 40 loads within 45 minutes, then one after lunch; Bernd: a session that
    // runs past midnight into the 11th, one more load at 08:00. Before the report: a load on 9 March.
    const loads = [
      ...Array.from({ length: 40 }, (_, i) => [
        'oid-anna',
        `2026-03-10T08:${String(i).padStart(2, '0')}:00+01:00`,
      ]),
      ['oid-anna', '2026-03-10T08:45:00+01:00'],
      ['oid-anna', '2026-03-10T13:30:00+01:00'],
      ['oid-bernd', '2026-03-09T23:50:00+01:00'],
      ['oid-bernd', '2026-03-10T00:10:00+01:00'],
      ['oid-bernd', '2026-03-10T23:45:00+01:00'],
      ['oid-bernd', '2026-03-11T00:05:00+01:00'],
      ['oid-bernd', '2026-03-11T08:00:00+01:00'],
    ];
    for (const [oid, at] of loads) {
      await sql`INSERT INTO analytics_event (kind, user_oid, user_name, occurred_at)
                VALUES ('login', ${oid}, ${oid}, ${at}::timestamptz)`.execute(t.db);
    }
    const report = await t.callEndpoint(['APP_ADMIN'], usageReport, {
      query: { from: '2026-03-10', to: '2026-03-11' },
    });
    expect(report.status).toBe(200);
    const perDay = report.result.sessionsPerDay;
    // 10 March: Anna 2 sessions, Bernd 1 (at 23:45; his 00:10 load continues the session begun on the 9th).
    // 11 March: Bernd's 00:05 load continues the 23:45 session; 08:00 begins a new one.
    expect(perDay).toEqual([
      { day: '2026-03-10', sessions: 3, users: 2 },
      { day: '2026-03-11', sessions: 1, users: 1 },
    ]);
  });

  it('shows the report to APP_ADMIN only, and records nothing for people without groups', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_ADMIN_VERKAUF'], []]) {
      expect((await t.callEndpoint(groups, usageReport, { query: {} })).status).toBe(403);
    }
    expect((await t.callEndpoint([], trackFileDownload, { params: { id: 1 } })).status).toBe(403);
    expect((await t.callEndpoint(null, trackFileDownload, { params: { id: 1 } })).status).toBe(401);
  });
});
