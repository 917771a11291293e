import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { createTestApp, type TestApp } from '../../support/testApp';

// `npm run seed` with years of history and a group's skew, at the million's proportions on 1,000 customers.
describe('demo data with history and skew', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 1_000, history: true });
  }, 120_000);
  afterAll(() => t.close());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0]!;

  it('gives a customer about ten activities and five Änderungsverlauf records, spread over the months', async () => {
    const counts = await one(sql<{ customers: number; activities: number; changes: number; months: number }>`
      SELECT (SELECT count(*)::int FROM customer) AS customers, (SELECT count(*)::int FROM activity) AS activities,
             (SELECT count(*)::int FROM change_record) AS changes,
             (SELECT count(DISTINCT date_trunc('month', at))::int FROM change_record) AS months`);
    expect(counts.activities / counts.customers).toBeGreaterThan(9);
    expect(counts.activities / counts.customers).toBeLessThan(11);
    // Five for each generated customer (the planted duplicates come after the history).
    expect(counts.changes).toBe(1_000 * 5);
    expect(counts.months).toBeGreaterThan(12);
    const stray = await one(sql<{ n: number }>`SELECT count(*)::int AS n FROM change_record_default`);
    expect(stray.n).toBe(0);
  });

  it('has one Bauträger with 2 % of the customers in Vorgänge and one seller owning 5 % of the customers', async () => {
    const top = await one(sql<{ vorgaenge: number; name: string }>`
      SELECT count(*)::int AS vorgaenge, min(c.company_name) AS name FROM vorgang v JOIN customer c ON c.id = v.customer_id
      GROUP BY c.id ORDER BY count(*) DESC LIMIT 1`);
    expect(top.vorgaenge).toBeGreaterThanOrEqual(20);
    expect(top.name).toMatch(/Bauträger/);
    const owner = await one(sql<{ customers: number }>`
      SELECT count(*)::int AS customers FROM customer GROUP BY owner_user_id ORDER BY count(*) DESC LIMIT 1`);
    expect(owner.customers).toBeGreaterThanOrEqual(50);
  });
});
