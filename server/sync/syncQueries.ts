import { sql, type Selectable } from 'kysely';
import type { ResultOf } from '../../src/api/endpoint';
import { getSyncLog, type SyncRun } from '../../src/resources/sync/sync.endpoints';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';

type LogLine = ResultOf<typeof getSyncLog>['data'][number];

/** The most recent sync run with its counts, or null before the first. */
export async function latestSyncRun(db: Database): Promise<SyncRun | null> {
  const run = await db
    .selectFrom('etl_sync_run')
    .select([
      'id',
      'state',
      'processed',
      'total',
      'current_file as currentFile',
      'created_rows as created',
      'updated_rows as updated',
      'unchanged_rows as unchanged',
      'rejected_rows as rejected',
      'suppressed_rows as suppressed',
      'started_by as startedBy',
      'started_at as startedAt',
      'finished_at as finishedAt',
      'error',
    ])
    .$narrowType<{ state: SyncRun['state'] }>()
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!run) return null;
  return {
    ...run,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
  };
}

/** One page of a run's log (only warnings and errors when `onlyProblems`), with the total. */
export async function syncLogPage(
  db: Database,
  runId: number,
  page: number,
  perPage: number,
  onlyProblems: boolean,
) {
  const lines = db
    .selectFrom('etl_sync_log')
    .where('run_id', '=', runId)
    .$if(onlyProblems, (query) => query.where('level', '<>', 'info'));
  const [rows, count] = await Promise.all([
    lines
      .select(['id', 'level', 'file', 'line', 'message', 'logged_at as loggedAt'])
      .$narrowType<{ level: LogLine['level'] }>()
      .orderBy('id')
      .limit(perPage)
      .offset((page - 1) * perPage)
      .execute(),
    lines.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return {
    total: count?.n ?? 0,
    data: rows.map((row): LogLine => ({ ...row, loggedAt: row.loggedAt.toISOString() })),
  };
}

/** A Vorgang the ERP names for the first time, with its customer's branch; answers its id. */
export async function insertSyncedVorgang(
  db: Database,
  customer: number,
  vorgang: { number: string; title: string; by: string },
): Promise<number> {
  const created = await sql<Pick<Selectable<DB['vorgang']>, 'id'>>`
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
