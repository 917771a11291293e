import { sql } from 'kysely';
import customerEntity from '../../src/resources/customers/customer.entity';
import type {
  BulkAction,
  BulkItemResult,
  BulkJobItem,
  BulkJobSummary,
  BulkTarget,
} from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { notFound } from '../platform/http/apiError';
import { REFUSED_NAMES, seesAllJobs } from './bulkJobQueries';

/** The items of one result, as stored (a done item is "geändert" or "unverändert" by whether it changed). */
const RESULT_WHERE: Record<BulkItemResult, ReturnType<typeof sql>> = {
  geaendert: sql`i.state = 'erledigt' AND i.changed`,
  unveraendert: sql`i.state = 'erledigt' AND NOT i.changed`,
  abgelehnt: sql`i.state = 'abgelehnt'`,
  offen: sql`i.state = 'offen'`,
};

/**
 * Every record of a job with its result, the refused first, paged in the database: the caller's own job, or
 * any job for the administration (another's job is not found).
 */
export async function readJobItems(
  db: Database,
  caller: Caller,
  jobId: number,
  query: { page?: number; perPage?: number; result?: BulkItemResult },
): Promise<{ data: BulkJobItem[]; total: number }> {
  const { rows: jobs } = await sql<{ target: BulkTarget }>`
    SELECT target FROM bulk_job
    WHERE id = ${jobId} AND (created_by_oid = ${caller.oid} OR ${seesAllJobs(caller)})`.execute(db);
  const job = jobs[0];
  if (!job) throw notFound('Diese Sammelaktion gibt es nicht.');
  const perPage = query.perPage ?? 50;
  const offset = ((query.page ?? 1) - 1) * perPage;
  const where = query.result ? sql`AND ${RESULT_WHERE[query.result]}` : sql``;
  const names = REFUSED_NAMES[job.target];
  const key = job.target === 'faelligeLabels' ? sql`i.item_key` : sql`i.record_id::text`;
  const { rows } = await sql<BulkJobItem>`
    SELECT i.record_id AS "recordId", ${key} AS key, ${names.name} AS name, i.reason,
      CASE WHEN i.state = 'abgelehnt' THEN 'abgelehnt' WHEN i.state = 'offen' THEN 'offen'
        WHEN i.changed THEN 'geaendert' ELSE 'unveraendert' END AS result
    FROM (SELECT * FROM bulk_job_item i WHERE i.job_id = ${jobId} ${where}
      ORDER BY i.state = 'abgelehnt' DESC, i.record_id LIMIT ${perPage} OFFSET ${offset}) i
    LEFT JOIN customer c ON c.id = ${names.customer}
    LEFT JOIN vorgang v ON v.id = ${names.vorgang}
    LEFT JOIN label l ON l.id = ${names.label}
    ORDER BY i.state = 'abgelehnt' DESC, i.record_id`.execute(db);
  const { rows: counted } = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM bulk_job_item i WHERE i.job_id = ${jobId} ${where}`.execute(db);
  return { data: rows, total: counted[0]!.total };
}

interface JobRow {
  id: number;
  target: BulkTarget;
  state: 'laeuft' | 'fertig';
  startedBy: string;
  createdAt: Date;
  finishedAt: Date | null;
  action: BulkAction;
  selection: { filter?: Record<string, unknown>; rows?: number; labels?: number; undo?: number } | null;
  total: number;
  changed: number;
  unchanged: number;
  refused: number;
  undoesJobId: number | null;
  undoneByJobId: number | null;
}

/** Every person's jobs, newest first, paged in the database, each described as people read it. */
export async function listJobs(
  db: Database,
  query: { page?: number; perPage?: number },
): Promise<{ data: BulkJobSummary[]; total: number }> {
  const perPage = query.perPage ?? 25;
  const offset = ((query.page ?? 1) - 1) * perPage;
  const { rows } = await sql<JobRow>`
    SELECT j.id, j.target, j.state, j.caller ->> 'name' AS "startedBy", j.created_at AS "createdAt",
      j.finished_at AS "finishedAt", j.action, j.selection, j.total, j.undoes_job_id AS "undoesJobId",
      (SELECT u.id FROM bulk_job u WHERE u.undoes_job_id = j.id) AS "undoneByJobId", n.*
    FROM (SELECT * FROM bulk_job ORDER BY created_at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}) j
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE i.state = 'erledigt' AND i.changed)::int AS changed,
        count(*) FILTER (WHERE i.state = 'erledigt' AND NOT i.changed)::int AS unchanged,
        count(*) FILTER (WHERE i.state = 'abgelehnt')::int AS refused
      FROM bulk_job_item i WHERE i.job_id = j.id) n
    ORDER BY j.created_at DESC, j.id DESC`.execute(db);
  const counted = await db
    .selectFrom('bulk_job')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const names = await namesOf(db, rows);
  return {
    total: counted.total,
    data: rows.map((row) => ({
      id: row.id,
      target: row.target,
      state: row.state,
      startedBy: row.startedBy,
      createdAt: new Date(row.createdAt).toISOString(),
      finishedAt: row.finishedAt ? new Date(row.finishedAt).toISOString() : null,
      action: describeAction(row.action, names),
      selection: describeSelection(row.target, row.selection),
      total: row.total,
      changed: row.changed,
      unchanged: row.unchanged,
      refused: row.refused,
      undoesJobId: row.undoesJobId,
      undoneByJobId: row.undoneByJobId,
      undoable:
        row.state === 'fertig' &&
        row.action.kind !== 'mail' &&
        row.undoesJobId === null &&
        row.undoneByJobId === null &&
        row.changed > 0,
    })),
  };
}

interface Names {
  users: Map<number, string>;
  labels: Map<number, string>;
  statuses: Map<number, string>;
  templates: Map<number, string>;
}

/** The names the page's actions point to, one query per kind. */
async function namesOf(db: Database, rows: JobRow[]): Promise<Names> {
  const ids = (pick: (action: BulkAction) => number | null | undefined) => [
    ...new Set(rows.map((row) => pick(row.action)).filter((id): id is number => typeof id === 'number')),
  ];
  const lookup = async (
    table: 'app_user' | 'label' | 'custom_status' | 'text_template',
    wanted: number[],
  ) => {
    if (!wanted.length) return new Map<number, string>();
    const found = await db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('id', '=', (eb) => eb.fn.any(eb.val(wanted)))
      .execute();
    return new Map(found.map((row) => [row.id, row.name]));
  };
  return {
    users: await lookup(
      'app_user',
      ids((a) => ('userId' in a ? a.userId : null)),
    ),
    labels: await lookup(
      'label',
      ids((a) => ('labelId' in a ? a.labelId : null)),
    ),
    statuses: await lookup(
      'custom_status',
      ids((a) => ('customStatusId' in a ? a.customStatusId : null)),
    ),
    templates: await lookup(
      'text_template',
      ids((a) => ('templateId' in a ? a.templateId : null)),
    ),
  };
}

const quoted = (name: string | undefined, id: number) => (name ? `„${name}“` : `#${id}`);

/** An action as the bar named it, with what it gives ("Betreuer zuweisen: Victor Verkauf"). */
function describeAction(action: BulkAction, names: Names): string {
  switch (action.kind) {
    case 'labelHinzu':
      return `Label hinzufügen: ${quoted(names.labels.get(action.labelId), action.labelId)}${action.dueDate ? ` (fällig ${germanDay(action.dueDate)})` : ''}`;
    case 'labelEntfernen':
      return `Label entfernen: ${quoted(names.labels.get(action.labelId), action.labelId)}`;
    case 'betreuer':
      return `Betreuer zuweisen: ${names.users.get(action.userId) ?? `#${action.userId}`}`;
    case 'verkaeufer':
      return `Verkäufer zuweisen: ${action.userId === null ? 'keiner' : (names.users.get(action.userId) ?? `#${action.userId}`)}`;
    case 'eigenerStatus':
      return `Eigenen Status setzen: ${action.customStatusId === null ? 'ohne Status' : quoted(names.statuses.get(action.customStatusId), action.customStatusId)}`;
    case 'erledigt':
      return 'Als erledigt markieren';
    case 'verschieben':
      return `Fälligkeit verschieben: ${action.dueDate ? `auf ${germanDay(action.dueDate)}` : `um ${action.days ?? 1} Tag(e)`}`;
    case 'mail':
      return `Mail senden: ${quoted(names.templates.get(action.templateId), action.templateId)}`;
  }
}

const germanDay = (day: string) => day.split('-').reverse().join('.');

const LIST_NAMES: Record<BulkTarget, string> = {
  kunden: 'Kunden',
  vorgaenge: 'Vorgänge',
  faelligeLabels: 'Fällige Labels',
};

/** A filter's value as text ({mode, value} of a column filter: its value). */
const valueText = (value: unknown): string => {
  if (value && typeof value === 'object' && 'value' in value) return valueText(value.value);
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value === true) return 'ja';
  if (value === false) return 'nein';
  return String(value);
};

/** What was chosen: "Kunden: 12 angehakt", "Kunden: alle Treffer (Ort: Villach)", or the job undone. */
function describeSelection(target: BulkTarget, selection: JobRow['selection']): string {
  const list = LIST_NAMES[target];
  if (!selection) return list;
  if (selection.undo !== undefined) return `${list}: die von Sammelaktion ${selection.undo} geänderten`;
  if (selection.rows !== undefined) return `${list}: ${selection.rows.toLocaleString('de-DE')} angehakt`;
  if (selection.labels !== undefined) return `${list}: ${selection.labels.toLocaleString('de-DE')} angehakt`;
  const filter = Object.entries(selection.filter ?? {});
  if (!filter.length) return `${list}: alle Treffer (ohne Filter)`;
  const label = (key: string) =>
    key === 'q'
      ? 'Suche'
      : target === 'kunden'
        ? (customerEntity.fields.find((f) => f.source === key)?.label ?? key)
        : key;
  return `${list}: alle Treffer (${filter.map(([key, value]) => `${label(key)}: ${valueText(value)}`).join(', ')})`;
}
