import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enableLabelForAllCustomers,
  previewLabelForAllCustomers,
} from '../../../src/resources/labels/labels.endpoints';
import { createTestApp, type TestApp } from '../../support/testApp';

const ADMIN = ['APP_ADMIN'];

describe('label/enableLabelForAllCustomers', () => {
  let t: TestApp;
  let vip: number;
  let vorgangOnly: number;
  beforeAll(async () => {
    t = await createTestApp();
    await sql`INSERT INTO customer (id, last_name) SELECT n, 'Kunde ' || n FROM generate_series(1, 5) n`.execute(
      t.db,
    );
    const { rows } = await sql<{ id: number; name: string }>`
      INSERT INTO label (name, color, for_customer, for_vorgang, due_after_days) VALUES
        ('VIP', '#fdd835', true, false, 10), ('Montage offen', '#00897b', false, true, null)
      RETURNING id, name`.execute(t.db);
    vip = rows.find((r) => r.name === 'VIP')!.id;
    vorgangOnly = rows.find((r) => r.name === 'Montage offen')!.id;
    await sql`INSERT INTO customer_label (customer_id, label_id, due_date) VALUES (2, ${vip}, '2030-01-01')`.execute(
      t.db,
    );
  });
  afterAll(() => t.close());

  const preview = (id: number, groups = ADMIN) =>
    t.callEndpoint(groups, previewLabelForAllCustomers, { params: { id } });
  const apply = (id: number, groups = ADMIN) =>
    t.callEndpoint(groups, enableLabelForAllCustomers, { params: { id } });

  it('says first how many customers it touches, then adds it once to each, keeping their own due dates', async () => {
    const previewed = await preview(vip);
    expect(previewed.result).toEqual({ label: 'VIP', customers: 5, alreadyLabelled: 1, toLabel: 4 });
    const applied = await apply(vip);
    expect(applied.status).toBe(200);
    expect(applied.result).toMatchObject({ added: 4, alreadyLabelled: 5, toLabel: 0 });
    const { rows } = await sql<{ customerId: number; dueDate: string }>`
      SELECT customer_id AS "customerId", due_date::text AS "dueDate" FROM customer_label
      WHERE label_id = ${vip} ORDER BY customer_id`.execute(t.db);
    expect(rows).toHaveLength(5);
    expect(rows.find((r) => r.customerId === 2)!.dueDate).toBe('2030-01-01');
    // Due after the label's 10 days, counted from today in Vienna.
    const due = rows.find((r) => r.customerId === 1)!.dueDate;
    const days = (Date.parse(due) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(9);
    expect(days).toBeLessThanOrEqual(11);
    // Running it again changes nothing.
    expect((await apply(vip)).result.added).toBe(0);
  });

  it('refuses a label that is not for customers, with a German message, and adds nothing', async () => {
    const response = await apply(vorgangOnly);
    expect(response.status).toBe(400);
    expect(response.message).toBe('Das Label „Montage offen“ ist nicht für Kunden vorgesehen.');
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM customer_label WHERE label_id = ${vorgangOnly}`.execute(t.db);
    expect(rows[0]!.n).toBe(0);
    expect((await preview(9999)).status).toBe(404);
  });

  it('is for APP_ADMIN only', async () => {
    for (const groups of [['APP_KUNDE'], ['APP_ADMIN_VERKAUF'], []]) {
      expect((await preview(vip, groups)).status).toBe(403);
      expect((await apply(vip, groups)).status).toBe(403);
    }
  });
});
