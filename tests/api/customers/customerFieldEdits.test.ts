import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BodyOf } from '../../../src/api/endpoint';
import {
  updateCustomerField,
  type CustomerRecord,
} from '../../../src/resources/customers/customers.endpoints';
import type { TestApp } from '../../support/testApp';
import { customerWorkspace, SELLER, type CustomerRow } from './customerWorkspaceSetup';

describe('customer workspace: fields and labels edited in place', () => {
  const workspace = customerWorkspace();
  const { readCustomer } = workspace;
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });
  const edit = (body: BodyOf<typeof updateCustomerField>, idempotencyKey?: string) =>
    t.callEndpoint(SELLER, updateCustomerField, { body, idempotencyKey });

  it('edits single fields in place at the version shown, with the form rules', async () => {
    const badZip = await edit({ id: customer.id, version: customer.version, field: 'zip', value: '123' });
    expect(badZip.status).toBe(400);
    expect(badZip.errors).toHaveProperty('zip');
    const saved = await edit({
      id: customer.id,
      version: customer.version,
      field: 'phone',
      value: '0463 / 12 34-56',
    });
    expect(saved.status).toBe(200);
    expect(saved.result).toMatchObject({ phone: '+43 463 123456', version: customer.version + 1 });
    const stale = await t.callEndpoint(workspace.other, updateCustomerField, {
      body: { id: customer.id, version: customer.version, field: 'city', value: 'Graz' },
    });
    expect(stale.status).toBe(409);
    // Names the customer and who changed it meanwhile, as the Vorgang does.
    expect(stale.message).toMatch(/^Kunde „.+“ wurde inzwischen von Test Person geändert\./);
    customer = saved.result;
  });

  it('stores a field edit sent twice with one Idempotency-Key once (a lost answer repeated), per person', async () => {
    const key = randomUUID();
    const current = await readCustomer(customer.id);
    const payload = {
      id: customer.id,
      version: current.version,
      field: 'city',
      value: 'Spittal an der Drau',
    };
    const first = await edit(payload, key);
    const again = await edit(payload, key);
    expect(first.status).toBe(200);
    // Without the key the repeat would be a 409 (the version moved on) and an offline outbox would show a
    // conflict with the seller's own change.
    expect(again.status).toBe(200);
    expect(again).toEqual(first);
    const stored = await readCustomer(customer.id);
    expect(stored.version).toBe(current.version + 1);
    // A colleague's equal key is another key: her stale edit is checked, not answered with his answer.
    const colleague = await t.callEndpoint(workspace.other, updateCustomerField, {
      body: payload,
      idempotencyKey: key,
    });
    expect(colleague.status).toBe(409);
    customer = stored;
  });

  it('a stale version with the field as the caller saw it (expectedValue) is saved; a changed field is a 409', async () => {
    const seen = await readCustomer(customer.id);
    // A colleague changes the Ort meanwhile.
    const colleague = await t.callEndpoint(workspace.other, updateCustomerField, {
      body: { id: customer.id, version: seen.version, field: 'city', value: 'Feldkirchen' },
    });
    expect(colleague.status).toBe(200);
    // The seller's Telefon, made at the version before: the Telefon is as he saw it, so it is saved.
    const phone = await edit({
      id: customer.id,
      version: seen.version,
      field: 'phone',
      value: '+43 4276 555',
      expectedValue: seen.phone,
    });
    expect(phone.status).toBe(200);
    expect(phone.result).toMatchObject({ phone: '+43 4276 555', city: 'Feldkirchen' });
    // His labels, at the same old version and as he saw them: saved too (nobody touched them).
    const { rows: labels } = await sql<{ id: number }>`
      SELECT id FROM label WHERE for_customer AND active ORDER BY name LIMIT 1`.execute(t.db);
    const labelIds = [...(seen.labelIds ?? []), labels[0]!.id];
    const labelled = await edit({
      id: customer.id,
      version: seen.version,
      field: 'labelIds',
      value: labelIds,
      expectedValue: [...(seen.labelIds ?? [])].reverse(),
    });
    expect(labelled.status).toBe(200);
    const savedLabels: CustomerRecord = labelled.result;
    // In any order, each once.
    expect(savedLabels.labelIds).toHaveLength(labelIds.length);
    expect(savedLabels.labelIds).toEqual(expect.arrayContaining(labelIds));
    // His Ort, made before the colleague's: the Ort changed meanwhile, so it is a conflict, and not saved.
    const city = await edit({
      id: customer.id,
      version: seen.version,
      field: 'city',
      value: 'Spittal',
      expectedValue: seen.city,
    });
    expect(city.status).toBe(409);
    const stored = await readCustomer(customer.id);
    expect(stored.city).toBe('Feldkirchen');
    customer = stored;
  });

  it('adds and removes labels in place; a label that stays keeps its due date', async () => {
    const { rows: labels } = await sql<{ id: number; name: string }>`
      SELECT id, name FROM label WHERE for_customer AND active ORDER BY name`.execute(t.db);
    await sql`DELETE FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const change = async (labelIds: number[]) => {
      const response = await edit({
        id: customer.id,
        version: customer.version,
        field: 'labelIds',
        value: labelIds,
      });
      expect(response.status).toBe(200);
      customer = response.result;
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
    const current = await readCustomer(customer.id);
    // 00:30 on 30 March in Vienna, the night the clocks went forward: 22:30 on the 29th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2026-03-29T22:30:00Z'));
      const response = await edit({
        id: customer.id,
        version: current.version,
        field: 'labelIds',
        value: [label.id],
      });
      expect(response.status).toBe(200);
      customer = response.result;
    } finally {
      vi.useRealTimers();
    }
    const { rows } = await sql<{ due: string }>`
      SELECT due_date::text AS due FROM customer_label WHERE customer_id = ${customer.id}`.execute(t.db);
    const due = new Date(Date.UTC(2026, 2, 30 + label.days)).toISOString().slice(0, 10);
    expect(rows).toEqual([{ due }]);
  });
});

describe('a field edited in place refuses values of the wrong shape at the field', () => {
  const workspace = customerWorkspace();
  let t: TestApp;
  let customer: CustomerRow;
  beforeAll(() => {
    ({ t, customer } = workspace);
  });

  const shapes: unknown[] = [[], ['v'], {}, { $gt: '' }, { a: { b: { c: 'd' } } }];
  const fields = ['city', 'zip', 'phone', 'email', 'ownerUserId', 'branchId', 'origin'];

  it('answers 400 naming the field for arrays, objects and operator-like objects', async () => {
    for (const field of fields) {
      for (const value of shapes) {
        const response = await t.callEndpoint(SELLER, updateCustomerField, {
          body: { id: customer.id, version: customer.version, field, value },
        });
        const where = `${field} = ${JSON.stringify(value)} → ${response.status} ${JSON.stringify(response.result)}`;
        expect(response.status, where).toBe(400);
        expect(response.errors, where).toHaveProperty(field);
      }
    }
    expect((await workspace.readCustomer(customer.id)).version).toBe(customer.version);
  });
});
