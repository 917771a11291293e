import { sql } from 'kysely';
import type { ResultOf } from '../../src/api/endpoint';
import { getSyncLog, type SyncRun } from '../../src/resources/sync/sync.endpoints';
import type { Database } from '../platform/db/database';

type LogLine = ResultOf<typeof getSyncLog>['data'][number];

/** The most recent sync run with its counts, or null before the first. */
export async function latestSyncRun(db: Database) {
  const runs = await sql<SyncRun>`
    SELECT id, state, processed, total, current_file AS "currentFile", created_rows AS created,
           updated_rows AS updated, unchanged_rows AS unchanged, rejected_rows AS rejected,
           suppressed_rows AS suppressed,
           started_by AS "startedBy", started_at AS "startedAt", finished_at AS "finishedAt", error
    FROM etl_sync_run ORDER BY id DESC LIMIT 1`.execute(db);
  return runs.rows[0] ?? null;
}

/** One page of a run's log (only warnings and errors when `onlyProblems`), with the total. */
export async function syncLogPage(
  db: Database,
  runId: number,
  page: number,
  perPage: number,
  onlyProblems: boolean,
) {
  const problems = onlyProblems ? sql`AND level <> 'info'` : sql``;
  const [rows, count] = await Promise.all([
    sql<LogLine>`SELECT id, level, file, line, message, logged_at AS "loggedAt" FROM etl_sync_log
        WHERE run_id = ${runId} ${problems} ORDER BY id LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(
      db,
    ),
    sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM etl_sync_log WHERE run_id = ${runId} ${problems}`.execute(db),
  ]);
  return { total: count.rows[0]?.n ?? 0, data: rows.rows };
}

/** A Vorgang the ERP names for the first time, with its customer's branch; answers its id. */
export async function insertSyncedVorgang(
  db: Database,
  customer: number,
  vorgang: { number: string; title: string; by: string },
): Promise<number> {
  const created = await sql<{ id: number }>`
    INSERT INTO vorgang (vorgang_number, customer_id, title, branch_id, updated_by)
    SELECT ${vorgang.number}, c.id, ${vorgang.title}, c.branch_id, ${vorgang.by}
    FROM customer c WHERE c.id = ${customer}
    RETURNING id`.execute(db);
  return created.rows[0]!.id;
}

/** The Beleg a position belongs to, its Vorgang and customer, and whether the customer is on the Löschliste. */
export async function belegOfPosition(db: Database, belegNumber: string) {
  const found = await sql<{ id: number; vorgangId: number; customerId: number; erased: boolean }>`
      SELECT b.id, b.vorgang_id AS "vorgangId", v.customer_id AS "customerId",
        EXISTS (SELECT 1 FROM erasure_suppression s WHERE s.customer_id = v.customer_id) AS erased
      FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE b.beleg_number = ${belegNumber}`.execute(db);
  return found.rows[0];
}
