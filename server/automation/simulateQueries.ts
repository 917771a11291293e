import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/database';

/** The runs a trigger's SELECT would make that do not exist yet: how many, and the first `shown` of them. */
export async function simulatedRuns(
  db: Database,
  select: RawBuilder<unknown>,
  shown: number,
): Promise<{
  total: number;
  rows: { vorgangId: number | null; customerId: number; occurrence: string; dueAt: Date }[];
}> {
  const fresh = sql`(${select}) s WHERE NOT EXISTS (SELECT 1 FROM automation_run r WHERE r.dedupe_key = s.dedupe_key)`;
  const { rows: counted } = await sql<{ total: number }>`SELECT count(*)::int AS total FROM ${fresh}`.execute(
    db,
  );
  const { rows } = await sql<{
    vorgangId: number | null;
    customerId: number;
    occurrence: string;
    dueAt: Date;
  }>`
    SELECT s.vorgang_id AS "vorgangId", s.customer_id AS "customerId", s.occurrence, s.due_at AS "dueAt"
    FROM ${fresh} ORDER BY s.vorgang_id NULLS LAST, s.customer_id, s.dedupe_key LIMIT ${shown}`.execute(db);
  return { total: counted[0]!.total, rows };
}
