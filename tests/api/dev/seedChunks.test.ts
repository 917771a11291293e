import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plantedDuplicateCount } from '../../../server/dev/seed/plantDuplicates';
import { seedDemoData } from '../../../server/dev/seed/seedDemoData';
import { renumberBoard } from '../../../server/vorgaenge/boardMoveQueries';
import { createTestApp, type TestApp } from '../../support/testApp';

// A seed of more than one chunk (1,000 customers) writes two chunks side by side (the 100,000-customer
// bench set); the rows it leaves must be those a seed one chunk after the other leaves.
describe('demo data of several chunks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoData(t.db, { tenant: 'strussnig', customers: 2_100 });
  }, 120_000);
  afterAll(() => t.close());

  const one = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(t.db)).rows[0]!;

  it('writes every customer with its Vorgänge and Belege, ids without gaps', async () => {
    const counts = await one(sql<{ customers: number; maxId: number; vorgaenge: number; maxVorgang: number }>`
      SELECT (SELECT count(*)::int FROM customer) AS customers, (SELECT max(id) FROM customer) AS "maxId",
             (SELECT count(*)::int FROM vorgang) AS vorgaenge, (SELECT max(id) FROM vorgang) AS "maxVorgang"`);
    // The generated customers, then the planted duplicates right after them.
    expect(counts.customers).toBe(2_100 + plantedDuplicateCount(2_100));
    expect(counts.maxId).toBe(counts.customers);
    expect(counts.vorgaenge).toBe(counts.maxVorgang);
    const orphans = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM vorgang v WHERE NOT EXISTS (SELECT 1 FROM beleg b WHERE b.vorgang_id = v.id)
        AND v.system_status NOT IN ('anfrage')`);
    expect(orphans.n).toBe(0);
  });

  it('leaves the milestones and board places the database would compute', async () => {
    const mismatches = await one(sql<{ n: number }>`
      SELECT count(*)::int AS n FROM vorgang v
      WHERE (v.first_offer_date, v.first_order_date, v.first_invoice_date) IS DISTINCT FROM (
        (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = v.id AND b.beleg_type = 'angebot'),
        (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = v.id AND b.beleg_type = 'auftragsbestaetigung'),
        (SELECT min(b.beleg_date) FROM beleg b WHERE b.vorgang_id = v.id AND b.beleg_type = 'rechnung'))`);
    expect(mismatches.n).toBe(0);
    const board = sql<{ board: string }>`
      SELECT string_agg(id || ':' || board_position, ',' ORDER BY id) AS board FROM vorgang`;
    const before = await one(board);
    await renumberBoard(t.db);
    expect((await one(board)).board).toBe(before.board);
  });
});
