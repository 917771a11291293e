import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/testApp';

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
    expect((await t.call(['APP_KUNDE'], { method: 'POST', url: '/api/analytics/trackLogin' })).status).toBe(
      200,
    );
    expect((await t.call(['APP_KUNDE'], { method: 'POST', url: '/api/analytics/trackLogin' })).status).toBe(
      200,
    );
    for (const id of [1, 1, 2]) {
      expect(
        (await t.call(['APP_DATEIEN'], { method: 'POST', url: `/api/analytics/trackFileDownload/${id}` }))
          .status,
      ).toBe(200);
    }
    const unknown = await t.call(['APP_DATEIEN'], {
      method: 'POST',
      url: '/api/analytics/trackFileDownload/99',
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.result.message).toBe('Die Datei wurde nicht gefunden.');

    const report = await t.call(['APP_ADMIN'], {
      method: 'GET',
      url: '/api/analytics/report',
      query: { days: '7' },
    });
    expect(report.status).toBe(200);
    const result = report.body.result as {
      loginsPerDay: { day: string; logins: number; users: number }[];
      activeUsers: { last7: number };
      topDownloads: { name: string; downloads: number }[];
    };
    expect(result.loginsPerDay).toHaveLength(7);
    expect(result.loginsPerDay.at(-1)).toMatchObject({ logins: 2, users: 1 });
    expect(result.activeUsers.last7).toBe(1);
    expect(result.topDownloads).toEqual([
      expect.objectContaining({ name: 'Preisliste 2026.pdf', downloads: 2 }),
      expect.objectContaining({ name: 'Montageanleitung.pdf', downloads: 1 }),
    ]);
  });

  it('shows the report to APP_ADMIN only, and records nothing for people without groups', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_ADMIN_VERKAUF'], []]) {
      expect((await t.call(groups, { method: 'GET', url: '/api/analytics/report' })).status).toBe(403);
    }
    expect((await t.call([], { method: 'POST', url: '/api/analytics/trackFileDownload/1' })).status).toBe(
      403,
    );
    expect((await t.call(null, { method: 'POST', url: '/api/analytics/trackFileDownload/1' })).status).toBe(
      401,
    );
  });
});
