import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneBulkJobs } from '../../../server/bulkActions/pruneBulkJobs';
import { runJobOnce } from '../../support/runJob';
import { createTestApp, type TestApp } from '../../support/testApp';

describe('pruning old bulk jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const job = async (state: 'laeuft' | 'fertig', ageDays: number) => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO bulk_job (target, action, caller, created_by_oid, state, created_at, finished_at)
      VALUES ('kunden', '{"kind":"erledigt"}', '{}', 'oid', ${state},
        now() - make_interval(days => ${ageDays + 1}),
        ${state === 'fertig' ? sql`now() - make_interval(days => ${ageDays})` : sql`NULL`})
      RETURNING id`.execute(t.db);
    const id = rows[0]!.id;
    await sql`INSERT INTO bulk_job_item (job_id, record_id, state)
      SELECT ${id}, n, ${state === 'fertig' ? 'erledigt' : 'offen'} FROM generate_series(1, 3) n`.execute(
      t.db,
    );
    return id;
  };

  it('removes finished jobs and their items after 30 days, keeps newer ones and every running job', async () => {
    const old = await job('fertig', 31);
    const recent = await job('fertig', 29);
    const running = await job('laeuft', 60);
    expect(await runJobOnce(pruneBulkJobs, t.app)).toBe(1);
    const jobs = await sql<{ id: number }>`SELECT id FROM bulk_job ORDER BY id`.execute(t.db);
    expect(jobs.rows.map((row) => row.id)).toEqual([recent, running]);
    const items = await sql<{ id: number; n: number }>`
      SELECT job_id AS id, count(*)::int AS n FROM bulk_job_item GROUP BY job_id ORDER BY job_id`.execute(
      t.db,
    );
    expect(items.rows).toEqual([
      { id: recent, n: 3 },
      { id: running, n: 3 },
    ]);
    expect(old).toBeLessThan(recent);
  });
});
