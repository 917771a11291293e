import { sql, type RawBuilder } from 'kysely';
import {
  ACTIVITY_SORT_FIELDS,
  type ActivityFilterValues,
  type ActivityListRow,
} from '../../src/resources/activities/activities.endpoints';
import type { Database } from '../platform/db/database';
import { activityWhere, type ActivityVisibility } from './activityFilter';

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
  const reasons = await sql<{ id: number; name: string }>`
    SELECT id, text AS name FROM reason_option ORDER BY active DESC, sort_order, text`.execute(db);
  const sellers = await sql<{ id: number; name: string }>`
    SELECT id, name FROM app_user WHERE branch_id = ANY(${visibility.branchIds}::int[]) ORDER BY name`.execute(
    db,
  );
  const branches = await sql<{ id: number; name: string }>`
    SELECT id, name FROM branch WHERE id = ANY(${visibility.branchIds}::int[]) ORDER BY name`.execute(db);
  return {
    lead: visibility.branchIds.length > 0,
    reasons: reasons.rows,
    sellers: sellers.rows,
    branches: branches.rows,
  };
}
