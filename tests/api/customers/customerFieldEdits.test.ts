import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: fields and labels edited in place', () => {
  const workspace = customerWorkspace();
  const { get, asOther } = workspace;
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  it('edits single fields in place at the version shown, with the form rules', async () => {
    const badZip = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'zip', value: '123' },
    });
    expect(badZip.status).toBe(400);
    expect(badZip.body.result.errors).toHaveProperty('zip');
    const saved = await t.call(SELLER, {
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'phone', value: '0463 / 12 34-56' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toMatchObject({ phone: '+43 463 123456', version: customer.version + 1 });
    const stale = await asOther({
      method: 'POST',
      url: '/api/kunde/updateCustomerField',
      payload: { id: customer.id, version: customer.version, field: 'city', value: 'Graz' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.result.message).toMatch(/inzwischen von jemand anderem geändert/);
    customer = saved.body.result as typeof customer;
  });

  it('adds and removes labels in place; a label that stays keeps its due date', async () => {
    const { rows: labels } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM label WHERE for_customer AND active ORDER BY name`.execute(t.db);
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const change = async (labelIds: number[]) => {
      const response = await t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/updateCustomerField',
        payload: { id: customer.id, version: customer.version, field: 'labelIds', value: labelIds },
      });
      expect(response.status).toBe(200);
      customer = response.body.result as typeof customer;
    };
    await change([labels[0]!.id]);
    await sql`UPDATE customer_label SET due_date = '2030-01-01' WHERE customer_id = ${customer.id}`.execute(
      t.db,
    );
    await change([labels[0]!.id, labels[1]!.id]);
    await change([labels[1]!.id]);
    await change([labels[0]!.id, labels[1]!.id]);
    const { rows } = await sql<{ labelId: number; due: string | null }>`
      SELECT label_id AS "labelId", due_date::text AS due FROM customer_label WHERE customer_id = ${customer.id} ORDER BY label_id`.execute(
      t.db,
    );
    expect(rows).toHaveLength(2);
    expect(customer.labelIds).toEqual(rows.map((r) => r.labelId));
    // The re-added first label got a fresh due date from its label, not the old 2030 one.
    expect(rows.every((r) => r.due !== '2030-01-01')).toBe(true);
  });

  it("dates a new label from the company's day, also just after midnight in Vienna (still yesterday in UTC)", async () => {
    const { rows: labels } = await sql<{ id: number; days: number }>`
      SELECT id, due_after_days AS days FROM label
      WHERE for_customer AND active AND due_after_days IS NOT NULL ORDER BY id LIMIT 1`.execute(t.db);
    const label = labels[0]!;
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const current = (await get(`/api/kunde/getSingleCustomer/${customer.id}`)) as typeof customer;
    // 00:30 on 30 March in Vienna, the night the clocks went forward: 22:30 on the 29th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-29T22:30:00Z'));
      const response = await t.call(SELLER, {
        method: 'POST',
        url: '/api/kunde/updateCustomerField',
        payload: { id: customer.id, version: current.version, field: 'labelIds', value: [label.id] },
      });
      expect(response.status).toBe(200);
      customer = response.body.result as typeof customer;
    } finally {
      vi.useRealTimers();
    }
    const { rows } = await sql<{ due: string }>`
      SELECT due_date::text AS due FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const due = new Date(Date.UTC(2026, 2, 30 + label.days)).toISOString().slice(0, 10);
    expect(rows).toEqual([{ due }]);
  });
});
