import { sql } from 'kysely';
import { dueBucketOf, type DueBucket } from '../../src/config/companyTime';
import type { Database } from '../platform/db/database';
import { inScope, type ViewerScope } from './viewerScope';

/** Which due items a view shows: Todos all three kinds, Fällige Labels only the labels. */
export type DueKinds = 'todos' | 'labels';

/** Most items one answer carries; the counts are always complete. */
export const DUE_ITEM_LIMIT = 500;

export interface DueRow {
  key: string;
  kind: 'aktivitaet' | 'vorgangLabel' | 'kundeLabel';
  dueDate: string;
  title: string;
  color: string | null;
  note: string | null;
  customerId: number;
  customerName: string | null;
  vorgangId: number | null;
  vorgangNumber: string | null;
  vorgangTitle: string | null;
  ownerName: string | null;
  version: number | null;
}

/** The company's today (yyyy-MM-dd) at `now`, computed by the database in the tenant's zone. */
export async function companyTodayInDb(db: Database, zone: string, now: Date = new Date()): Promise<string> {
  const { rows } = await sql<{ today: string }>`
    SELECT ((${now.toISOString()}::timestamptz) AT TIME ZONE ${zone})::date AS today`.execute(db);
  return rows[0]!.today;
}

/** All due items of a scope as one UNION (the first SELECT names the columns), ordered by due date. */
export function dueItemsQuery(scope: ViewerScope, kinds: DueKinds) {
  const activities =
    kinds === 'todos'
      ? sql`
    SELECT 'aktivitaet:' || a.id AS key, 'aktivitaet' AS kind, a.due_date AS "dueDate", a.activity_type AS title,
      NULL::text AS color, a.note, a.customer_id AS "customerId", c.display_name AS "customerName",
      v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle", u.name AS "ownerName",
      a.version
    FROM activity a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    LEFT JOIN app_user u ON u.id = a.user_id
    WHERE NOT a.done AND a.due_date IS NOT NULL AND ${inScope(scope, sql.ref('a.user_id'), sql.ref('u.branch_id'))}
    UNION ALL`
      : sql``;
  return sql<DueRow>`
    SELECT * FROM (${activities}
    SELECT 'vorgangLabel:' || vl.vorgang_id || ':' || vl.label_id AS key, 'vorgangLabel' AS kind,
      vl.due_date AS "dueDate", l.name AS title, l.color, NULL::text AS note, v.customer_id AS "customerId",
      c.display_name AS "customerName", v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber",
      v.title AS "vorgangTitle", u.name AS "ownerName", NULL::int AS version
    FROM vorgang_label vl
    JOIN label l ON l.id = vl.label_id
    JOIN vorgang v ON v.id = vl.vorgang_id
    JOIN customer c ON c.id = v.customer_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    WHERE vl.due_date IS NOT NULL AND ${inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id'))}
    UNION ALL
    SELECT 'kundeLabel:' || cl.customer_id || ':' || cl.label_id, 'kundeLabel', cl.due_date, l.name, l.color, NULL,
      c.id, c.display_name, NULL::int, NULL::text, NULL::text, u.name, NULL::int
    FROM customer_label cl
    JOIN label l ON l.id = cl.label_id
    JOIN customer c ON c.id = cl.customer_id
    LEFT JOIN app_user u ON u.id = c.owner_user_id
    WHERE cl.due_date IS NOT NULL AND ${inScope(scope, sql.ref('c.owner_user_id'), sql.ref('c.branch_id'))}
    ) due
    ORDER BY "dueDate", key`;
}

/** How many due items there are, and how many of them are overdue or due today (one pass in SQL). */
async function dueCounts(db: Database, scope: ViewerScope, kinds: DueKinds, today: string) {
  const { rows } = await sql<{ total: number; urgent: number }>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE "dueDate" <= ${today}::date)::int AS urgent
    FROM (${dueItemsQuery(scope, kinds)}) counted`.execute(db);
  return rows[0]!;
}

/**
 * The due items of a scope, bucketed against the company's today (Todos with "Morgen", Fällige Labels without);
 * `now` is a parameter so the day boundary can be tested at any instant.
 */
export async function dueItems(
  db: Database,
  zone: string,
  scope: ViewerScope,
  kinds: DueKinds,
  now: Date = new Date(),
) {
  const today = await companyTodayInDb(db, zone, now);
  const [{ rows }, counts] = await Promise.all([
    sql<DueRow>`${dueItemsQuery(scope, kinds)} LIMIT ${DUE_ITEM_LIMIT}`.execute(db),
    dueCounts(db, scope, kinds, today),
  ]);
  const items = rows.map((row) => ({
    ...row,
    bucket: dueBucketOf(row.dueDate, today, { tomorrow: kinds === 'todos' }) as DueBucket,
  }));
  return { today, ...counts, items };
}

/** Only the count of overdue + today's items (the menu badge). */
export async function urgentCount(db: Database, zone: string, scope: ViewerScope, now: Date = new Date()) {
  const today = await companyTodayInDb(db, zone, now);
  return (await dueCounts(db, scope, 'todos', today)).urgent;
}
