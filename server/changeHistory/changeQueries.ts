import { sql, type RawBuilder } from 'kysely';
import { startOfCompanyDay, addCompanyDays } from '../../src/config/companyTime';
import type { ChangeFilter } from '../../src/resources/changeHistory/changeHistory.endpoints';
import { PERSONAL_NOTE_AREA } from '../customers/timelineQueries';
import { FILE_AREA } from '../files/fileQueries';
import { VORGANG_AREA } from '../vorgaenge/vorgangSnapshotQueries';
import type { Database } from '../platform/db/database';
import { dropPartitionsBefore } from '../platform/db/partitionQueries';
import type { ChangeRow } from './describeChanges';

const COLUMNS = sql`id, at, actor_name AS "actorName", area, record_id::int AS "recordId", action, changes,
  customer_id::int AS "customerId", vorgang_id::int AS "vorgangId"`;

/** The admin view's WHERE: person, area, period (company days, both ends included). */
export function changeFilterWhere(filter: ChangeFilter, zone: string): RawBuilder<unknown> {
  const conditions: RawBuilder<unknown>[] = [];
  if (filter.actor) conditions.push(sql`actor_name = ${filter.actor}`);
  if (filter.area) conditions.push(sql`area = ${filter.area}`);
  if (filter.from) conditions.push(sql`at >= ${startOfCompanyDay(filter.from, zone)}`);
  if (filter.to) conditions.push(sql`at < ${startOfCompanyDay(addCompanyDays(filter.to, 1), zone)}`);
  return conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * Every row the admin view's filter matches, newest first, for the export: with the company's wall clock as an
 * ISO text without zone (Excel has none), as the other exports write points in time.
 */
export const filteredChanges = (filter: ChangeFilter, zone: string) =>
  sql<ChangeRow & { localAt: string }>`
    SELECT ${COLUMNS}, to_char(at AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localAt"
    FROM change_record ${changeFilterWhere(filter, zone)} ORDER BY at DESC, id DESC`;

export interface PageParams {
  page?: number;
  perPage?: number;
}

const limits = (params: PageParams) => {
  const perPage = params.perPage ?? 25;
  return { perPage, offset: ((params.page ?? 1) - 1) * perPage };
};

/** One page of the rows under `where` (newest first) and how many there are. */
async function pageWhere(db: Database, where: RawBuilder<unknown>, params: PageParams) {
  const { perPage, offset } = limits(params);
  const [rows, total] = await Promise.all([
    sql<ChangeRow>`SELECT ${COLUMNS} FROM change_record ${where}
      ORDER BY at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}`.execute(db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM change_record ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

export const changesPage = (db: Database, filter: ChangeFilter, zone: string, params: PageParams) =>
  pageWhere(db, changeFilterWhere(filter, zone), params);

/**
 * A customer's own changes and those recorded with it as context (its Vorgänge, notes, files); another person's
 * personal note is theirs alone, so only the viewer's own show (that it changed, never its text).
 */
export const customerChanges = (db: Database, customerId: number, viewerOid: string, params: PageParams) =>
  pageWhere(
    db,
    sql`WHERE customer_id = ${customerId}
      AND (area <> ${PERSONAL_NOTE_AREA} OR actor_oid IS NOT DISTINCT FROM ${viewerOid})`,
    params,
  );

// Fields of a Vorgang its own history (vorgang_event, the Statusverlauf) already shows on its timeline.
const SHOWN_BY_HISTORY = [
  'systemStatus',
  'customStatusId',
  'sellerUserId',
  'lostReason',
  'labelIds',
  'labelDueDates',
];

/**
 * The changes a Vorgang's timeline adds to its own history: without what that history already shows (status,
 * Verkäufer, Verloren, labels, files), which would otherwise stand there twice.
 */
export async function vorgangChanges(db: Database, vorgangId: number, params: PageParams) {
  const { perPage, offset } = limits(params);
  const shown = sql`${sql.val(SHOWN_BY_HISTORY)}::text[]`;
  const where = sql`WHERE vorgang_id = ${vorgangId} AND area <> ${FILE_AREA}
    AND NOT (area = ${VORGANG_AREA} AND action = 'update' AND (changes - ${shown}) = '{}'::jsonb)`;
  const [rows, total] = await Promise.all([
    sql<ChangeRow>`SELECT id, at, actor_name AS "actorName", area, record_id::int AS "recordId", action,
        customer_id::int AS "customerId", vorgang_id::int AS "vorgangId",
        CASE WHEN area = ${VORGANG_AREA} AND action = 'update' THEN changes - ${shown} ELSE changes END AS changes
      FROM change_record ${where} ORDER BY at DESC, id DESC LIMIT ${perPage} OFFSET ${offset}`.execute(db),
    sql<{ total: number }>`SELECT count(*)::int AS total FROM change_record ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: total.rows[0]?.total ?? 0 };
}

export const recordChanges = (db: Database, area: string, id: number, params: PageParams) =>
  pageWhere(db, sql`WHERE area = ${area} AND record_id = ${id}`, params);

/** The people who changed something: the known users and the sync (a DISTINCT over the history would scan it). */
export async function changeActors(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT name FROM app_user UNION SELECT 'Datenabgleich' ORDER BY 1`.execute(db);
  return rows.map((r) => r.name);
}

/** The names of records `ids` of a table, read from one of its columns as text (a choice's stored id). */
export async function namesOf(db: Database, table: string, column: string, ids: number[]) {
  const { rows } = await sql<{ id: number; name: string | null }>`
    SELECT id, ${sql.ref(column)}::text AS name FROM ${sql.table(table)}
    WHERE id = ANY(${ids}::int[])`.execute(db);
  return rows;
}

/**
 * Removes the Änderungsverlauf's rows older than the months set in Admin → Einstellungen (default 24): whole months
 * by dropping their partition, the month the limit falls in row by row; answers the rows deleted one by one.
 */
export async function deleteExpiredChanges(db: Database): Promise<number> {
  const { rows } = await sql<{ cutoff: Date }>`
    SELECT now() - make_interval(months => (
      SELECT coalesce((SELECT change_history_months FROM global_settings WHERE id = 1), 24))) AS cutoff`.execute(
    db,
  );
  const cutoff = rows[0]!.cutoff;
  await dropPartitionsBefore(db, 'change_record', cutoff);
  const result = await db.deleteFrom('change_record').where('at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
