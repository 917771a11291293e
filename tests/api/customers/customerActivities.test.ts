import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import activityEntity from '../../../src/resources/activities/activity.entity';
import { entityCalls } from '../../support/entityCalls';
import { resultOf, type TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: activities', () => {
  const workspace = customerWorkspace();
  const { readCustomer } = workspace;
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  it('logs an activity: reason labels go to the customer, the activity to the caller, the list is the customer’s', async () => {
    const { rows } = await sql<{
      id: number;
    }>`SELECT id FROM reason_option WHERE text = 'Erstkontakt'`.execute(t.db);
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    await sql`INSERT INTO app_user (azure_oid, username, name) VALUES ('11111111-2222-3333-4444-555555555555', 'test', 'Test Person') ON CONFLICT DO NOTHING`.execute(
      t.db,
    );
    const activities = entityCalls(t, activityEntity);
    const missing = await activities.create(SELLER, { customerId: customer.id, activityDate: 'gestern' });
    expect(missing.status).toBe(400);
    expect(missing.errors).toMatchObject({
      activityType: expect.any(String),
      activityDate: expect.any(String),
    });
    const created = await activities.create(SELLER, {
      customerId: customer.id,
      activityType: 'anruf',
      reasonId: rows[0]!.id,
      activityDate: '2026-11-20',
      note: 'Ruft zurück',
    });
    expect(created.status).toBe(200);
    const activity = created.result;
    expect(activity.userId).toBeGreaterThan(0);
    const after = await readCustomer(customer.id);
    const { rows: names } = await sql<{ name: string }>`
      SELECT l.name FROM customer_label cl JOIN label l ON l.id = cl.label_id WHERE cl.customer_id = ${customer.id}`.execute(
      t.db,
    );
    expect(names.map((n) => n.name)).toEqual(['Rückruf']);
    customer = after;
    const { data: listed } = await resultOf(activities.list(SELLER, { filter: { customerId: customer.id } }));
    expect(listed.map((a) => a.id)).toContain(activity.id);
    expect(listed.every((a) => a.customerId === customer.id)).toBe(true);
    const done = await activities.update(SELLER, activity.id, { ...activity, done: true });
    expect(done.status).toBe(200);
    const stale = await activities.update(SELLER, activity.id, { ...activity, note: 'alt' });
    expect(stale.status).toBe(409);
    // The record by its Art's German name, and who made its current version.
    expect(stale.message).toMatch(/^Aktivität „Anruf“ wurde inzwischen von Test Person geändert\./);
  });
});
