import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATED_TOTAL_FROM } from '../../../../server/platform/entities/entityRepository';
import { createTestApp, type TestApp } from '../../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const ROWS = ESTIMATED_TOTAL_FROM + 5_003;

// A big table's unfiltered total is the planner's estimate (no count(*) over every row); filtered totals stay
// exact, and the pager reaches the true last page whatever the estimate says.
describe('list totals of a big table', () => {
  let t: TestApp;
  const list = async (query: Record<string, unknown>) => {
    const response = await t.call(ADMIN, {
      method: 'GET',
      url: '/api/kunde/allCustomers',
      query: Object.fromEntries(
        Object.entries(query).map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
      ),
    });
    expect(response.status).toBe(200);
    return response.body.result as { data: { lastName: string }[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await sql`TRUNCATE customer RESTART IDENTITY CASCADE`.execute(t.db);
    await sql`INSERT INTO customer (last_name) SELECT 'Kunde ' || lpad(n::text, 6, '0') FROM generate_series(1, ${ROWS}) n`.execute(
      t.db,
    );
    await sql`ANALYZE customer`.execute(t.db);
  });
  afterAll(() => t.close());

  it('estimates the unfiltered total and counts a filtered one exactly', async () => {
    const unfiltered = await list({ page: 1, perPage: 25 });
    expect(unfiltered.data).toHaveLength(25);
    expect(Math.abs(unfiltered.total - ROWS)).toBeLessThan(ROWS * 0.05);
    const filtered = await list({
      perPage: 25,
      filter: { lastName: { mode: 'startsWith', value: 'Kunde 01' } },
    });
    expect(filtered.total).toBe(10_000);
  });

  it('reaches the true last page even when the estimate is off', async () => {
    // The planner still believes in the rows deleted after ANALYZE: its estimate is now about 5,000 too high.
    await sql`DELETE FROM customer WHERE id > ${ROWS - 5_000}`.execute(t.db);
    const first = await list({ page: 1, perPage: 100 });
    expect(first.total).toBeGreaterThan(ROWS - 5_000);
    // The estimated last page is empty: the answer counts, and the pager then shows the real end.
    const beyond = await list({ page: Math.ceil(first.total / 100), perPage: 100 });
    expect(beyond.data).toHaveLength(0);
    expect(beyond.total).toBe(ROWS - 5_000);
    const last = await list({
      page: Math.ceil((ROWS - 5_000) / 100),
      perPage: 100,
      sort: 'id',
      order: 'ASC',
    });
    expect(last.data).toHaveLength((ROWS - 5_000) % 100);
    expect(last.total).toBe(ROWS - 5_000);
  });

  it('keeps a next page open after a full page the estimate calls the last', async () => {
    await sql`INSERT INTO customer (last_name) SELECT 'Neu ' || n FROM generate_series(1, 2000) n`.execute(
      t.db,
    );
    await sql`ANALYZE customer`.execute(t.db);
    await sql`INSERT INTO customer (last_name) SELECT 'Später ' || n FROM generate_series(1, 1000) n`.execute(
      t.db,
    );
    const first = await list({ page: 1, perPage: 100 });
    const lastByEstimate = Math.ceil(first.total / 100);
    const page = await list({ page: lastByEstimate, perPage: 100 });
    // Either the estimate already knew the new rows, or the full page keeps one more page reachable.
    expect(page.total).toBeGreaterThan((lastByEstimate - 1) * 100 + page.data.length - 1);
    if (page.data.length === 100) expect(page.total).toBeGreaterThan(lastByEstimate * 100);
  });
});
