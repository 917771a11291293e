import { sql, type Selectable } from 'kysely';
import customerEntity from '../../src/resources/customers/customer.entity';
import type {
  BulkAction,
  BulkJob,
  BulkSelection,
  BulkTarget,
} from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { DB } from '../platform/db/schema';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { GROUPS, hasAnyGroup } from '../../src/auth/groups';
import { listConditions } from '../platform/entities/listQuery';
import { Value } from 'typebox/value';
import { VorgangFilterQuery, type VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import { LIST_FROM, listWhere, withSearch } from '../vorgaenge/vorgangListQueries';
import { checkFilter as checkVorgangFilter } from '../vorgaenge/vorgangListRoutes';
import { addDueLabelItems } from './dueLabelItemQueries';
import { checkBulkMail } from './bulkMail';

/** The report lists at most this many refused records; the count says how many there were. */
const REPORT_LIMIT = 200;

/** Without BULK_MASS_CHANGE_LIMIT: a bulk change of more records than this needs a lead or the administration. */
export const DEFAULT_BULK_MASS_LIMIT = 100;

/** Who may change more records at once than the mass limit: the sales lead and the administration. */
const MASS_GROUPS = [GROUPS.adminVerkauf, GROUPS.admin];

/**
 * Refuses (403, German) a change of more than `limit` records by someone who is neither sales lead nor
 * administration. A mail changes no record (its own checks apply) and is not counted.
 */
function checkMassLimit(caller: Caller, action: BulkAction, total: number, limit: number) {
  if (action.kind === 'mail' || total <= limit || hasAnyGroup(caller.groups, MASS_GROUPS)) return;
  const n = (value: number) => value.toLocaleString('de-DE');
  throw forbidden(
    `Eine Sammelaktion über mehr als ${n(limit)} Datensätze dürfen nur die Verkaufsleitung und die Administration starten (gewählt: ${n(total)}). Bitte schränken Sie die Auswahl ein.`,
  );
}

/** What the admin's list of jobs keeps of a selection: the filter of "alle Treffer", else how many were ticked. */
const selectionSummary = (selection: BulkSelection) =>
  'filter' in selection
    ? { filter: selection.filter }
    : 'rows' in selection
      ? { rows: selection.rows.length }
      : { labels: selection.labels.length };

const refuseAt = (field: string, message: string): never => {
  throw badRequest(message, { [field]: message });
};

/** The kinds of action each list offers (a Betreuer is the customer's, a Verkäufer and status the Vorgang's). */
const KINDS: Record<BulkTarget, BulkAction['kind'][]> = {
  kunden: ['labelHinzu', 'labelEntfernen', 'betreuer', 'mail'],
  vorgaenge: ['labelHinzu', 'labelEntfernen', 'verkaeufer', 'eigenerStatus', 'mail'],
  faelligeLabels: ['erledigt', 'verschieben', 'mail'],
};

/** Refuses (German 400 at the field) an action whose label, person or status cannot be given to the list's rows. */
async function checkAction(db: Database, target: BulkTarget, action: BulkAction) {
  if (!KINDS[target].includes(action.kind)) refuseAt('action', 'Diese Aktion gibt es für diese Liste nicht.');
  if (action.kind === 'erledigt') return;
  if (action.kind === 'verschieben') {
    if ((action.dueDate === undefined) === (action.days === undefined))
      refuseAt('dueDate', 'Bitte wählen Sie ein Datum oder eine Anzahl Tage.');
    return;
  }
  if (action.kind === 'betreuer' || action.kind === 'verkaeufer') {
    if (action.userId === null) return;
    const user = await db
      .selectFrom('app_user')
      .select('id')
      .where('id', '=', action.userId)
      .where('active', '=', true)
      .executeTakeFirst();
    const who = action.kind === 'betreuer' ? 'Betreuer' : 'Verkäufer';
    if (!user) refuseAt('userId', `Diesen ${who} gibt es nicht (mehr).`);
    return;
  }
  if (action.kind === 'eigenerStatus') {
    if (action.customStatusId === null) return;
    const status = await db
      .selectFrom('custom_status')
      .select('active')
      .where('id', '=', action.customStatusId)
      .executeTakeFirst();
    if (!status?.active) {
      refuseAt(
        'customStatusId',
        status ? 'Dieser Status ist deaktiviert.' : 'Diesen Status gibt es nicht (mehr).',
      );
    }
    return;
  }
  if (action.kind === 'mail') return;
  const usableFor = target === 'kunden' ? sql`for_customer` : sql`for_vorgang`;
  const { rows } = await sql<{ usable: boolean }>`
    SELECT ${usableFor} AND active AS usable FROM label WHERE id = ${action.labelId}`.execute(db);
  if (!rows[0]) refuseAt('labelId', 'Dieses Label gibt es nicht.');
  if (action.kind === 'labelHinzu' && !rows[0]!.usable) {
    const rowsName = target === 'kunden' ? 'Kunden' : 'Vorgängen';
    refuseAt('labelId', `Dieses Label kann ${rowsName} nicht (mehr) gegeben werden.`);
  }
}

/**
 * The Vorgänge list's filter from a selection: the list's query string carries strings, so the same
 * conversion and check the list's route gives its query (a bad one: German 400).
 */
export function vorgangFilterOf(filter: Record<string, unknown>): VorgangFilter {
  const converted = Value.Convert(VorgangFilterQuery, { ...filter });
  if (!Value.Check(VorgangFilterQuery, converted))
    refuseAt('filter', 'Der Filter der Vorgänge ist ungültig.');
  const vorgangFilter = converted as VorgangFilter;
  checkVorgangFilter(vorgangFilter);
  return vorgangFilter;
}

/** The rows "alle Treffer" stands for: the list's own filter SQL (id and version of each), per list. */
export async function filterRows(
  db: Database,
  caller: Caller,
  target: BulkTarget,
  filter: Record<string, unknown>,
  timeZone: string,
) {
  if (target === 'kunden') {
    const conditions = listConditions(customerEntity, filter, caller.oid, timeZone);
    const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
    return sql`SELECT t.id, t.version FROM customer t ${where}`;
  }
  const vorgangFilter = vorgangFilterOf(filter);
  const context = await withSearch(db, vorgangFilter, { callerOid: caller.oid, zone: timeZone });
  return sql`SELECT v.id, v.version ${LIST_FROM} ${listWhere(vorgangFilter, context)}`;
}

/**
 * Creates the job and its items in `trx` (the idempotent create's transaction): the ticked rows with the
 * versions the caller saw, or every row the list's filter matches, found by the list's own SQL conditions in
 * one INSERT … SELECT (nothing of the selection passes through this process) with each row's version now, so
 * a row changed after this moment is refused as changed.
 */
export async function createJob(
  trx: Database,
  caller: Caller,
  target: BulkTarget,
  action: BulkAction,
  selection: BulkSelection,
  timeZone: string,
  massLimit = DEFAULT_BULK_MASS_LIMIT,
): Promise<number> {
  await checkAction(trx, target, action);
  if (action.kind === 'mail') await checkBulkMail(trx, caller, action.templateId);
  const { id: jobId } = await trx
    .insertInto('bulk_job')
    .values({
      target,
      action: JSON.stringify(action),
      caller: callerJson(caller),
      created_by_oid: caller.oid,
      selection: JSON.stringify(selectionSummary(selection)),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (target === 'faelligeLabels') {
    await addDueLabelItems(trx, caller, jobId, selection, action.kind === 'mail');
  } else if ('labels' in selection) {
    refuseAt('selection', 'Diese Liste wählt Zeilen, keine Labels.');
  } else if ('rows' in selection) {
    const ids = selection.rows.map((row) => row.id);
    const versions = selection.rows.map((row) => row.version ?? null);
    // A row ticked without the version it showed (refused ones selected again from a report) counts from now.
    const table = sql.table(target === 'kunden' ? 'customer' : 'vorgang');
    await sql`INSERT INTO bulk_job_item (job_id, record_id, seen_version)
      SELECT ${jobId}, s.id, coalesce(s.version, t.version)
      FROM unnest(${ids}::int[], ${versions}::int[]) AS s(id, version) LEFT JOIN ${table} t ON t.id = s.id
      ON CONFLICT DO NOTHING`.execute(trx);
  } else {
    const rows = await filterRows(trx, caller, target, selection.filter, timeZone);
    await sql`INSERT INTO bulk_job_item (job_id, record_id, seen_version)
      SELECT ${jobId}, t.id, t.version FROM (${rows}) t`.execute(trx);
  }
  const { rows: counted } = await sql<Pick<Selectable<DB['bulk_job']>, 'total'>>`
    UPDATE bulk_job SET total = (SELECT count(*) FROM bulk_job_item WHERE job_id = ${jobId})
    WHERE id = ${jobId} RETURNING total`.execute(trx);
  checkMassLimit(caller, action, counted[0]!.total, massLimit);
  return jobId;
}

/** The caller as a job keeps it: the per-item checks and the Änderungsverlauf name this person. */
export const callerJson = (caller: Caller) =>
  JSON.stringify({
    oid: caller.oid,
    tid: caller.tid,
    name: caller.name,
    username: caller.username,
    groups: caller.groups,
  });

/** The name of a refused record as its list shows it: the customer's, or the Vorgang's number and title. */
const NAME_OF_CUSTOMER = sql`c.display_name`;
const NAME_OF_VORGANG = sql`v.vorgang_number || ' ' || v.title`;
/** A due label's: the label, then its Vorgang or customer. */
const NAME_OF_DUE_LABEL = sql`l.name || ' · ' || coalesce(${NAME_OF_VORGANG}, ${NAME_OF_CUSTOMER})`;
/** The id in a due label's key (vorgangLabel:<id>:<label>) when the key is of that kind. */
const keyPart = (kind: string, part: number) =>
  sql`CASE WHEN split_part(i.item_key, ':', 1) = ${kind} THEN split_part(i.item_key, ':', ${part})::int END`;

/** Per list: the refused record's name and the customer, Vorgang and label it names. */
export const REFUSED_NAMES = {
  kunden: {
    name: NAME_OF_CUSTOMER,
    customer: sql`i.record_id`,
    vorgang: sql`NULL::int`,
    label: sql`NULL::int`,
  },
  vorgaenge: {
    name: NAME_OF_VORGANG,
    customer: sql`NULL::int`,
    vorgang: sql`i.record_id`,
    label: sql`NULL::int`,
  },
  faelligeLabels: {
    name: NAME_OF_DUE_LABEL,
    customer: keyPart('kundeLabel', 2),
    vorgang: keyPart('vorgangLabel', 2),
    label: sql`split_part(i.item_key, ':', 3)::int`,
  },
} as const;

/** Whether the caller sees every person's jobs (the administration), not only their own. */
export const seesAllJobs = (caller: Caller) => hasAnyGroup(caller.groups, [GROUPS.admin]);

/** The caller's own job (the administration: any job) with its progress and refusals; another's is not found. */
export async function readJob(db: Database, caller: Caller, jobId: number): Promise<BulkJob> {
  const { rows } = await sql<Omit<BulkJob, 'refused'>>`
    SELECT j.id, j.target, j.state, j.total, j.created_at AS "createdAt", j.undoes_job_id AS "undoesJobId",
      n.done, n.changed, n.unchanged, n.refused AS "refusedCount"
    FROM bulk_job j CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE i.state <> 'offen')::int AS done,
        count(*) FILTER (WHERE i.state = 'erledigt')::int AS changed,
        count(*) FILTER (WHERE i.state = 'erledigt' AND NOT i.changed)::int AS unchanged,
        count(*) FILTER (WHERE i.state = 'abgelehnt')::int AS refused
      FROM bulk_job_item i WHERE i.job_id = j.id) n
    WHERE j.id = ${jobId} AND (j.created_by_oid = ${caller.oid} OR ${seesAllJobs(caller)})`.execute(db);
  const job = rows[0];
  if (!job) throw notFound('Diese Sammelaktion gibt es nicht.');
  const names = REFUSED_NAMES[job.target];
  const refused = await sql<BulkJob['refused'][number]>`
    SELECT i.record_id AS "recordId", ${names.name} AS name, i.reason
    FROM bulk_job_item i LEFT JOIN customer c ON c.id = ${names.customer}
      LEFT JOIN vorgang v ON v.id = ${names.vorgang}
      LEFT JOIN label l ON l.id = ${names.label}
    WHERE i.job_id = ${jobId} AND i.state = 'abgelehnt'
    ORDER BY i.record_id LIMIT ${REPORT_LIMIT}`.execute(db);
  return { ...job, createdAt: new Date(job.createdAt).toISOString(), refused: refused.rows };
}
