import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customStatusEntity from '../../../src/resources/statuses/customStatus.entity';
import { reorderCustomStatuses } from '../../../src/resources/statuses/customStatuses.endpoints';
import { entityCalls } from '../../support/entityCalls';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('customStatus/reorder: the board order in one change', () => {
  let t: TestApp;
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ id: number }>`
      INSERT INTO custom_status (name, color, sort_order) VALUES
        ('Neu', '#1e88e5', 1), ('In Planung', '#8e24aa', 2), ('Montage', '#00897b', 3)
      RETURNING id`.execute(t.db);
    ids = rows.map((r) => r.id);
  });
  afterAll(() => t.close());

  const reorder = (order: number[], groups = ['APP_ADMIN']) =>
    t.callEndpoint(groups, reorderCustomStatuses, { body: { ids: order } });
  const names = async () =>
    (await sql<{ name: string }>`SELECT name FROM custom_status ORDER BY sort_order`.execute(t.db)).rows.map(
      (r) => r.name,
    );

  it("sets the order of all statuses at once and bumps the moved ones' versions", async () => {
    const response = await reorder([ids[2]!, ids[0]!, ids[1]!]);
    expect(response.status).toBe(200);
    expect(await names()).toEqual(['Montage', 'Neu', 'In Planung']);
    const { rows } = await sql<{ version: number }>`SELECT version FROM custom_status ORDER BY id`.execute(
      t.db,
    );
    expect(rows.map((r) => r.version)).toEqual([2, 2, 2]);
  });

  it('refuses an order made from a stale list (a status added meanwhile) with 409, changing nothing', async () => {
    const added = await entityCalls(t, customStatusEntity).create(['APP_ADMIN'], {
      name: 'Abgeschlossen',
      color: '#546e7a',
    });
    expect(added.status).toBe(200);
    await sql`UPDATE custom_status SET sort_order = 9 WHERE name = 'Abgeschlossen'`.execute(t.db);
    const stale = await reorder([ids[0]!, ids[1]!, ids[2]!]);
    expect(stale.status).toBe(409);
    // Who added it, as the Änderungsverlauf knows.
    expect(stale.message).toMatch(/^Die Status wurden inzwischen von Test Person geändert/);
    expect(await names()).toEqual(['Montage', 'Neu', 'In Planung', 'Abgeschlossen']);
    const twice = await reorder([ids[0]!, ids[0]!, ids[1]!, ids[2]!]);
    expect(twice.status).toBe(400);
  });

  it('is for APP_ADMIN only', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_ADMIN_VERKAUF'], []]) {
      expect((await reorder(ids, groups)).status).toBe(403);
    }
  });
});
