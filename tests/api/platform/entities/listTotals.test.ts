import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESTIMATED_TOTAL_FROM } from '../../../../server/platform/entities/entityRepository';
import customerEntity from '../../../../src/resources/customers/customer.entity';
import { entityCalls, type EntityListQuery } from '../../../support/entityCalls';
import { createTestApp, resultOf, type TestApp } from '../../../support/testApp';

const ADMIN = ['APP_ADMIN', 'APP_KUNDE'];
const ROWS = ESTIMATED_TOTAL_FROM + 2_503;
const DELETED = 2_000;

// A big table's unfiltered total is the planner's estimate (no count(*) over every row); filtered totals stay
// exact, and the pager reaches the true last page whatever the estimate says.
describe('list totals of a big table', () => {
  let t: TestApp;
  const list = (query: EntityListQuery) => resultOf(entityCalls(t, customerEntity).list(ADMIN, query));

  beforeAll(async () => {
    t = await createTestApp();
    await sql`TRUNCATE customer RESTART IDENTITY CASCADE`.execute(t.db);
    await sql`INSERT INTO customer (last_name) SELECT 'Kunde ' || lpad(n::text, 6, '0') FROM generate_series(1, ${ROWS}) n`.execute(
      t.db,
    );
    await sql`ANALYZE customer`.execute(t.db);
  }, 180_000);
  afterAll(() => t.close());

  it('estimates the unfiltered total and counts a filtered one exactly', async () => {
    const unfiltered = await list({ page: 1, perPage: 25 });
    expect(unfiltered.data).toHaveLength(25);
    expect(Math.abs(unfiltered.total - ROWS)).toBeLessThan(ROWS * 0.05);
    const filtered = await list({
      perPage: 25,
      filter: { lastName: { mode: 'startsWith', value: 'Kunde 00' } },
    });
    expect(filtered.total).toBe(9_999);
  });

  it('reaches the true last page even when the estimate is off', async () => {
    // The planner still believes in the rows deleted after ANALYZE: its estimate is now DELETED too high.
    await sql`DELETE FROM customer WHERE id > ${ROWS - DELETED}`.execute(t.db);
    const first = await list({ page: 1, perPage: 100 });
    expect(first.total).toBeGreaterThan(ROWS - DELETED);
    // The estimated last page is empty: the answer counts, and the pager then shows the real end.
    const beyond = await list({ page: Math.ceil(first.total / 100), perPage: 100 });
    expect(beyond.data).toHaveLength(0);
    expect(beyond.total).toBe(ROWS - DELETED);
    const last = await list({
      page: Math.ceil((ROWS - DELETED) / 100),
      perPage: 100,
      sort: 'id',
      order: 'ASC',
    });
    expect(last.data).toHaveLength((ROWS - DELETED) % 100);
    expect(last.total).toBe(ROWS - DELETED);
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
