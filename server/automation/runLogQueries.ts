import { sql, type RawBuilder } from 'kysely';
import type { AutomationRun, RunFilter } from '../../src/resources/automation/automation.endpoints';
import { RUN_STATE_NAMES } from '../../src/resources/automation/automation.rules';
import type { Database } from '../platform/db/database';
import type { SheetExport } from '../platform/excel/excelExport';
import type { AutomationAccess } from './automationAccess';

/** The runs of the filter that the caller reaches (their branches' automations), as SQL over `r` and `a`. */
function runWhere(access: AutomationAccess, filter: RunFilter): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [
    access.all ? sql`true` : sql`a.branch_id = ANY (${access.branchIds}::int[])`,
  ];
  if (filter.automationId !== undefined) parts.push(sql`r.automation_id = ${filter.automationId}`);
  if (filter.vorgangId !== undefined) parts.push(sql`r.vorgang_id = ${filter.vorgangId}`);
  if (filter.customerId !== undefined) parts.push(sql`r.customer_id = ${filter.customerId}`);
  if (filter.state !== undefined) parts.push(sql`r.state = ${filter.state}`);
  return sql<boolean>`${sql.join(parts, sql` AND `)}`;
}

const RUN_COLUMNS = sql`
  r.id::int, r.automation_id AS "automationId", a.name AS "automationName", av.number AS "versionNumber", r.state,
  r.occurrence, r.vorgang_id AS "vorgangId", v.vorgang_number AS "vorgangNumber", r.customer_id AS "customerId",
  c.display_name AS "customerName", r.created_at AS "createdAt", r.due_at AS "dueAt", r.finished_at AS "finishedAt",
  r.attempts, r.error`;

const RUN_FROM = sql`
  automation_run r JOIN automation a ON a.id = r.automation_id
  JOIN automation_version av ON av.id = r.version_id
  LEFT JOIN vorgang v ON v.id = r.vorgang_id LEFT JOIN customer c ON c.id = r.customer_id`;

/** One page of the run log, newest first, each run with its steps. */
export async function listRuns(
  db: Database,
  access: AutomationAccess,
  filter: RunFilter,
  offset = 0,
  limit = 25,
): Promise<{ rows: AutomationRun[]; total: number }> {
  const where = runWhere(access, filter);
  const { rows } = await sql<Omit<AutomationRun, 'steps'>>`
    SELECT ${RUN_COLUMNS} FROM ${RUN_FROM} WHERE ${where}
    ORDER BY r.id DESC OFFSET ${offset} LIMIT ${limit}`.execute(db);
  const { rows: total } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM automation_run r JOIN automation a ON a.id = r.automation_id WHERE ${where}`.execute(
    db,
  );
  const ids = rows.map((row) => row.id);
  const { rows: steps } = await sql<AutomationRun['steps'][number] & { runId: number }>`
    SELECT run_id::int AS "runId", step, action, state, summary, detail, error, at
    FROM automation_run_step WHERE run_id = ANY (${ids}::bigint[]) ORDER BY run_id, step`.execute(db);
  return {
    rows: rows.map((row) => ({ ...row, steps: steps.filter((step) => step.runId === row.id) })),
    total: total[0]!.total,
  };
}

type ExportRow = Omit<AutomationRun, 'steps'> & {
  stepsText: string | null;
  localCreated: string;
  localFinished: string | null;
};

/** The run log as Excel: exactly the rows of the list's filter, with each run's steps in one cell. */
export function runExport(zone: string, access: AutomationAccess, filter: RunFilter): SheetExport<ExportRow> {
  return {
    sheet: 'Läufe',
    columns: [
      { header: 'Lauf', key: 'id', width: 10, kind: 'number' },
      { header: 'Automatisierung', key: 'automationName', width: 30 },
      { header: 'Version', key: 'versionNumber', width: 9, kind: 'number' },
      { header: 'Status', key: 'state', width: 14 },
      { header: 'Anlass', key: 'occurrence', width: 40 },
      { header: 'Vorgang', key: 'vorgangNumber', width: 14 },
      { header: 'Kunde', key: 'customerName', width: 28 },
      { header: 'Angelegt', key: 'localCreated', width: 18, kind: 'dateTime' },
      { header: 'Beendet', key: 'localFinished', width: 18, kind: 'dateTime' },
      { header: 'Versuche', key: 'attempts', width: 9, kind: 'number' },
      { header: 'Schritte', key: 'stepsText', width: 60 },
      { header: 'Fehler', key: 'error', width: 40 },
    ],
    query: sql<ExportRow>`
      SELECT ${RUN_COLUMNS},
        to_char(r.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localCreated",
        to_char(r.finished_at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localFinished",
        (SELECT string_agg(s.summary || coalesce(' (' || s.detail || ')', '') || coalesce(': ' || s.error, ''), E'\n' ORDER BY s.step)
         FROM automation_run_step s WHERE s.run_id = r.id) AS "stepsText"
      FROM ${RUN_FROM} WHERE ${runWhere(access, filter)} ORDER BY r.id DESC`,
    cells: (row) => ({
      ...row,
      state: RUN_STATE_NAMES[row.state],
    }),
  };
}
