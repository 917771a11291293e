import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import labelEntity from '../../../../src/resources/labels/label.entity';
import reasonEntity from '../../../../src/resources/activities/reason.entity';
import { entityCalls } from '../../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../../support/testApp';

const ADMIN = ['APP_ADMIN'];

describe('deleting master data that is in use', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const labels = () => entityCalls(t, labelEntity);
  const reasons = () => entityCalls(t, reasonEntity);
  const createLabel = (name: string) => resultOf(labels().create(ADMIN, { name, color: '#336699' }));

  it('deletes an unused label', async () => {
    const label = await createLabel('Unbenutzt');
    const response = await labels().remove(ADMIN, label.id);
    expect(response.status).toBe(200);
    expect(response.result).toMatchObject({ deactivated: false });
    expect((await labels().one(ADMIN, label.id)).status).toBe(404);
  });

  it('deactivates a label in use and says where it is used', async () => {
    const label = await createLabel('Benutzt');
    await sql`INSERT INTO customer (id, last_name) VALUES (1, 'Huber'), (2, 'Maier')`.execute(t.db);
    await sql`INSERT INTO customer_label (customer_id, label_id) VALUES (1, ${label.id}), (2, ${label.id})`.execute(
      t.db,
    );
    const response = await labels().remove(ADMIN, label.id);
    expect(response.status).toBe(200);
    expect(response.result).toMatchObject({ deactivated: true });
    expect(response.result.message).toBe(
      'Label „Benutzt“ wurde deaktiviert statt gelöscht. Es wird noch in 2 Kunden verwendet.',
    );
    const after = await labels().one(ADMIN, label.id);
    expect(after.result).toMatchObject({ active: false, version: 2 });
  });

  it('stores the labels a reason adds, and refuses a label that does not exist', async () => {
    const a = await createLabel('Grundlabel A');
    const b = await createLabel('Grundlabel B');
    const created = await reasons().create(ADMIN, { text: 'Mit Labels', labelIds: [b.id, a.id] });
    expect(created.status).toBe(200);
    expect(created.result.labelIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    const filtered = await reasons().list(ADMIN, { filter: { labelIds: [a.id] } });
    expect(filtered.result.total).toBe(1);
    const bad = await reasons().create(ADMIN, { text: 'Kaputt', labelIds: [999999] });
    expect(bad.status).toBe(400);
    const count = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM reason_option WHERE text = 'Kaputt'`.execute(t.db);
    expect(count.rows[0]!.n).toBe(0);
  });
});
