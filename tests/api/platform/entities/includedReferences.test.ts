import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import customerEntity from '../../../../src/resources/customers/customer.entity';
import { includedReferences } from '../../../../server/platform/entities/includedReferences';
import { loadEntities } from '../../../../server/platform/entities/loadEntities';
import { seedDemoData } from '../../../../server/dev/seed/seedDemoData';
import { entityCalls } from '../../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../../support/testApp';

// A list page carries the records its rows refer to, so the list shows the Betreuer's name and the labels at
// once instead of asking for them once the rows are drawn.
describe('a list page with the records its rows refer to', () => {
  let t: TestApp;
  let customer: { id: number; owner_user_id: number; branch_id: number; label_ids: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 30 });
    const found = await sql<typeof customer>`
      SELECT c.id, c.owner_user_id, c.branch_id, array_agg(cl.label_id ORDER BY cl.label_id) AS label_ids
      FROM customer c JOIN customer_label cl ON cl.customer_id = c.id
      WHERE c.owner_user_id IS NOT NULL AND c.branch_id IS NOT NULL
      GROUP BY c.id HAVING count(*) >= 2 LIMIT 1`.execute(t.db);
    customer = found.rows[0]!;
  });
  afterAll(() => t.close());

  it('includes the Betreuer, the Filiale and the labels of the page, each once', async () => {
    const page = await resultOf(
      entityCalls(t, customerEntity).list(['APP_KUNDE'], { perPage: 25, filter: { id: [customer.id] } }),
    );
    expect(page.data.map((row) => row.id)).toEqual([customer.id]);
    const included = page.included!;
    const owner = await sql<{
      name: string;
    }>`SELECT name FROM app_user WHERE id = ${customer.owner_user_id}`.execute(t.db);
    expect(included['admin-benutzer/users']).toEqual([
      expect.objectContaining({ id: customer.owner_user_id, name: owner.rows[0]!.name }),
    ]);
    expect(included['admin-verkauf/branches']).toEqual([expect.objectContaining({ id: customer.branch_id })]);
    expect(included['admin/labels']!.map((label) => label.id).sort((a, b) => a - b)).toEqual(
      customer.label_ids,
    );
    expect(included['admin/labels']![0]).toEqual(
      expect.objectContaining({ name: expect.any(String), color: expect.stringMatching(/^#/) }),
    );
  });

  it('names each referenced record once however many rows share it', async () => {
    const page = await resultOf(entityCalls(t, customerEntity).list(['APP_KUNDE'], { perPage: 30 }));
    const owners = new Set(page.data.map((row) => row.ownerUserId).filter((id) => id != null));
    const users = page.included!['admin-benutzer/users']!.map((user) => user.id);
    expect(new Set(users)).toEqual(owners);
    expect(users).toHaveLength(owners.size);
  });

  it('leaves out what the caller may not read', async () => {
    const entities = await loadEntities();
    const rows = [
      { ownerUserId: customer.owner_user_id, branchId: customer.branch_id, labelIds: customer.label_ids },
    ];
    const included = await includedReferences(
      t.db,
      customerEntity,
      rows,
      (name) => entities.find((entity) => entity.name === name),
      (target) => target.name !== 'admin-benutzer/users',
    );
    expect(Object.keys(included).sort()).toEqual(['admin-verkauf/branches', 'admin/labels']);
  });
});
