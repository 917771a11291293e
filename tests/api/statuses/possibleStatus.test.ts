import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAllPossibleStatus } from '../../../src/resources/statuses/possibleStatuses.endpoints';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('admin/getAllPossibleStatus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the system statuses in their order, for admins and sellers', async () => {
    for (const groups of [['APP_ADMIN'], ['APP_KUNDE']]) {
      const response = await t.callEndpoint(groups, getAllPossibleStatus);
      expect(response.status).toBe(200);
      expect(response.result.map((s) => s.name)).toEqual([
        'Anfrage',
        'Angebot',
        'Auftrag',
        'Rechnung',
        'Verloren',
      ]);
    }
  });

  it('refuses callers without the group', async () => {
    for (const groups of [['APP_ADMIN_VERKAUF'], ['APP_NPS'], []]) {
      expect((await t.callEndpoint(groups, getAllPossibleStatus)).status).toBe(403);
    }
    expect((await t.callEndpoint(null, getAllPossibleStatus)).status).toBe(401);
  });
});
