import { sql, type RawBuilder } from 'kysely';
import {
  ACTIVITY_SORT_FIELDS,
  type ActivityFilterValues,
  type ActivityListRow,
} from '../../src/resources/activities/activities.endpoints';
import type { Database } from '../platform/db/database';
import type { ActivityVisibility } from './activityFilter';

/**
 * The WHERE of the list, its count and the export (activity `a`, its user `u`): the caller's visibility
 * AND the filters. Period bounds are company days turned into instants in the tenant's zone.
 */
export function activityWhere(
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  zone: string,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`(a.user_id = ${visibility.userId} OR u.branch_id = ANY(${visibility.branchIds}::int[]))`,
  ];
  if (filter.activityType) parts.push(sql`a.activity_type = ${filter.activityType}`);
  if (filter.reasonId) parts.push(sql`a.reason_id = ${filter.reasonId}`);
  if (filter.userId) parts.push(sql`a.user_id = ${filter.userId}`);
  if (filter.branchId) parts.push(sql`u.branch_id = ${filter.branchId}`);
  if (filter.from)
    parts.push(sql`a.activity_date >= ((${filter.from}::date)::timestamp AT TIME ZONE ${zone})`);
  if (filter.to)
    parts.push(sql`a.activity_date < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (filter.done !== undefined) parts.push(sql`a.done = ${filter.done}`);
  return sql.join(parts, sql` AND `);
}

type Row = Omit<ActivityListRow, 'activityDate'> & { activityDate: Date };

const SORT_COLUMNS: Record<(typeof ACTIVITY_SORT_FIELDS)[number], string> = {
  activityDate: 'a.activity_date',
  dueDate: 'a.due_date',
  activityType: 'a.activity_type',
  customerName: 'c.display_name',
  userName: 'u.name',
};

/** The tables of the list and export: activity a, its user u (whose branch counts), customer c. */
export const ACTIVITY_FROM = sql`
  FROM activity a
  JOIN customer c ON c.id = a.customer_id
  LEFT JOIN app_user u ON u.id = a.user_id
  LEFT JOIN branch b ON b.id = u.branch_id
  LEFT JOIN vorgang v ON v.id = a.vorgang_id
  LEFT JOIN reason_option r ON r.id = a.reason_id`;

/** ORDER BY a whitelisted field; the id breaks ties so pages never overlap. */
export function activityOrder(sort: string | undefined, order: string | undefined): RawBuilder<unknown> {
  const column =
    SORT_COLUMNS[(sort ?? 'activityDate') as keyof typeof SORT_COLUMNS] ?? SORT_COLUMNS.activityDate;
  const direction = order === 'ASC' ? sql`ASC` : sql`DESC`;
  return sql`ORDER BY ${sql.raw(column)} ${direction} NULLS LAST, a.id ${direction}`;
}

/** One page of the visible, filtered activities and how many there are in all. */
export async function listActivities(
  db: Database,
  zone: string,
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  sort: { sort?: string; order?: string },
  page: number,
  perPage: number,
): Promise<{ total: number; rows: Row[] }> {
  const where = activityWhere(visibility, filter, zone);
  const { rows } = await sql<Row>`
    SELECT a.id, a.activity_type AS "activityType", a.activity_date AS "activityDate",
      to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.done, a.note,
      a.reason_id AS "reasonId", r.text AS "reasonName", a.customer_id AS "customerId",
      c.display_name AS "customerName", a.vorgang_id AS "vorgangId", v.vorgang_number AS "vorgangNumber",
      a.user_id AS "userId", u.name AS "userName", b.name AS "branchName"
    ${ACTIVITY_FROM}
    WHERE ${where}
    ${activityOrder(sort.sort, sort.order)}
    LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`.execute(db);
  const count = await sql<{ total: number }>`
    SELECT count(*)::int AS total FROM activity a LEFT JOIN app_user u ON u.id = a.user_id
    WHERE ${where}`.execute(db);
  return { total: count.rows[0]!.total, rows };
}

/** Reasons, and for a lead the sellers and branches they lead, for the list's filters. */
export async function activityFilterOptions(db: Database, visibility: ActivityVisibility) {
  const reasons = await db
    .selectFrom('reason_option')
    .select(['id', 'text as name'])
    .orderBy('active', 'desc')
    .orderBy('sort_order')
    .orderBy('text')
    .execute();
  const sellers = await db
    .selectFrom('app_user')
    .select(['id', 'name'])
    .where('branch_id', '=', (eb) => eb.fn.any(eb.val(visibility.branchIds)))
    .orderBy('name')
    .execute();
  const branches = await db
    .selectFrom('branch')
    .select(['id', 'name'])
    .where('id', '=', (eb) => eb.fn.any(eb.val(visibility.branchIds)))
    .orderBy('name')
    .execute();
  return {
    lead: visibility.branchIds.length > 0,
    reasons,
    sellers,
    branches,
  };
}

/** An activity of the Excel export: the list's columns as text, the date on the company's wall clock. */
export type ExportRow = Record<string, string | boolean | null>;

/** The visible, filtered, sorted activities for the Excel export (run from a cursor by the sheet writer). */
export function activityExportQuery(
  zone: string,
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  sort: { sort?: string; order?: string },
) {
  return sql<ExportRow>`
    SELECT to_char(a.activity_date AT TIME ZONE ${zone}, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "localDate",
      a.activity_type AS "activityType", r.text AS "reasonName", c.customer_number AS "customerNumber",
      c.display_name AS "customerName", v.vorgang_number AS "vorgangNumber", u.name AS "userName",
      b.name AS "branchName", to_char(a.due_date, 'YYYY-MM-DD') AS "dueDate", a.done, a.note
    ${ACTIVITY_FROM}
    WHERE ${activityWhere(visibility, filter, zone)}
    ${activityOrder(sort.sort, sort.order)}`;
}
