import { sql } from 'kysely';
import type { Database } from '../db/database';

/** A job the library gave up on after its last try: kept (14 days) for the administration to look at. */
export interface FailedJobRow {
  id: string;
  name: string;
  data: Record<string, unknown>;
  reason: string | null;
  tries: number;
  createdAt: Date;
  failedAt: Date;
}

/** The failed jobs of the given kinds, the newest failure first, paged in the database, and how many there are. */
export async function failedJobs(
  db: Database,
  names: readonly string[],
  page: number,
  perPage: number,
): Promise<{ rows: FailedJobRow[]; total: number }> {
  if (names.length === 0) return { rows: [], total: 0 };
  const { rows } = await sql<FailedJobRow & { total: number }>`
    SELECT id::text, name, data, output->>'message' AS reason, retry_count + 1 AS tries,
      created_on AS "createdAt", completed_on AS "failedAt", count(*) OVER ()::int AS total
    FROM pgboss.job
    WHERE state = 'failed' AND name = ANY(${[...names]}::text[])
    ORDER BY completed_on DESC, id
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db);
  const total = rows[0]?.total ?? (page > 1 ? await countFailed(db, names) : 0);
  return { rows: rows.map(({ total: _total, ...row }) => row), total };
}

async function countFailed(db: Database, names: readonly string[]): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE state = 'failed' AND name = ANY(${[...names]}::text[])`.execute(
    db,
  );
  return rows[0]!.n;
}
