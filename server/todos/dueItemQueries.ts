import { sql } from 'kysely';
import { dueBucketOf, type DueBucket } from '../../src/config/companyTime';
import { companyTodayInDb } from '../platform/db/companyToday';
import type { Database } from '../platform/db/database';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';

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

/**
 * Which open todos belong to a scope: the user's own, or those of the users of the branches (the same rule as
 * `inScope` on the user's branch, written as an id list so activity_open_due_idx answers it).
 */
function activityInScope(scope: ViewerScope) {
  return 'userIds' in scope
    ? inScope(scope, sql.ref('a.user_id'), sql.ref('a.user_id'))
    : sql`a.user_id IN (SELECT su.id FROM app_user su WHERE ${inScope(scope, sql.ref('su.id'), sql.ref('su.branch_id'))})`;
}

/** Due Vorgang labels of a scope: the labels carry their Vorgang's seller and branch (migration 0029). */
const vorgangLabelInScope = (scope: ViewerScope) =>
  inScope(scope, sql.ref('vl.seller_user_id'), sql.ref('vl.branch_id'));

/** Due customer labels of a scope: the labels carry their customer's Betreuer and branch (migration 0029). */
const customerLabelInScope = (scope: ViewerScope) =>
  inScope(scope, sql.ref('cl.owner_user_id'), sql.ref('cl.branch_id'));

/**
 * All due items of a scope, ordered by due date and key. First the keys alone (`due`): with `limit`, each kind
 * picks its own first `limit` rows from its index (the keys sort the same way there) and of those the first
 * `limit` overall are kept; only then are names, customers and Vorgänge joined, for the rows shown only.
 */
export function dueItemsQuery(scope: ViewerScope, kinds: DueKinds, limit?: number) {
  const first = limit === undefined ? sql`` : sql`ORDER BY due_date, key LIMIT ${limit}`;
  const activityKeys =
    kinds === 'todos'
      ? sql`(SELECT 'aktivitaet' AS kind, a.id AS ref_id, NULL::int AS label_id, a.due_date, 'aktivitaet:' || a.id AS key
        FROM activity a WHERE NOT a.done AND a.due_date IS NOT NULL AND ${activityInScope(scope)} ${first})
      UNION ALL`
      : sql``;
  const activities =
    kinds === 'todos'
      ? sql`
    SELECT due.key, 'aktivitaet' AS kind, due.due_date AS "dueDate", a.activity_type AS title,
      NULL::text AS color, a.note, a.customer_id AS "customerId", c.display_name AS "customerName",
      v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle", u.name AS "ownerName",
      a.version
    FROM due
    JOIN activity a ON a.id = due.ref_id
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    LEFT JOIN app_user u ON u.id = a.user_id
    WHERE due.kind = 'aktivitaet'
    UNION ALL`
      : sql``;
  return sql<DueRow>`
    WITH due AS (
      SELECT * FROM (${activityKeys}
      (SELECT 'vorgangLabel' AS kind, vl.vorgang_id AS ref_id, vl.label_id, vl.due_date,
          'vorgangLabel:' || vl.vorgang_id || ':' || vl.label_id AS key
        FROM vorgang_label vl WHERE vl.due_date IS NOT NULL AND ${vorgangLabelInScope(scope)} ${first})
      UNION ALL
      (SELECT 'kundeLabel' AS kind, cl.customer_id AS ref_id, cl.label_id, cl.due_date,
          'kundeLabel:' || cl.customer_id || ':' || cl.label_id AS key
        FROM customer_label cl WHERE cl.due_date IS NOT NULL AND ${customerLabelInScope(scope)} ${first})
      ) keys ${first}
    )
    SELECT * FROM (${activities}
    SELECT due.key, 'vorgangLabel' AS kind,
      due.due_date AS "dueDate", l.name AS title, l.color, NULL::text AS note, v.customer_id AS "customerId",
      c.display_name AS "customerName", v.id AS "vorgangId", v.vorgang_number AS "vorgangNumber",
      v.title AS "vorgangTitle", u.name AS "ownerName", NULL::int AS version
    FROM due
    JOIN label l ON l.id = due.label_id
    JOIN vorgang v ON v.id = due.ref_id
    JOIN customer c ON c.id = v.customer_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    WHERE due.kind = 'vorgangLabel'
    UNION ALL
    SELECT due.key, 'kundeLabel', due.due_date, l.name, l.color, NULL,
      c.id, c.display_name, NULL::int, NULL::text, NULL::text, u.name, NULL::int
    FROM due
    JOIN label l ON l.id = due.label_id
    JOIN customer c ON c.id = due.ref_id
    LEFT JOIN app_user u ON u.id = c.owner_user_id
    WHERE due.kind = 'kundeLabel'
    ) items
    ORDER BY "dueDate", key`;
}

/**
 * The due days of a scope's items, optionally only up to `through`: read from the indexes alone (every label and
 * todo has its customer, label and Vorgang by foreign key, so no join changes the count).
 */
function dueDays(scope: ViewerScope, kinds: DueKinds, through?: string) {
  const upTo = (column: string) =>
    through === undefined ? sql`` : sql`AND ${sql.ref(column)} <= ${through}::date`;
  const activities =
    kinds === 'todos'
      ? sql`SELECT a.due_date FROM activity a
      WHERE NOT a.done AND a.due_date IS NOT NULL AND ${activityInScope(scope)} ${upTo('a.due_date')}
      UNION ALL`
      : sql``;
  return sql`${activities}
    SELECT vl.due_date FROM vorgang_label vl
    WHERE vl.due_date IS NOT NULL AND ${vorgangLabelInScope(scope)} ${upTo('vl.due_date')}
    UNION ALL
    SELECT cl.due_date FROM customer_label cl
    WHERE cl.due_date IS NOT NULL AND ${customerLabelInScope(scope)} ${upTo('cl.due_date')}`;
}

/**
 * How many due items there are, how many overdue or due today, and how many in each bucket: counted per due day
 * in SQL (from the indexes alone), the days then bucketed by the same rule as the items.
 */
async function dueCounts(db: Database, scope: ViewerScope, kinds: DueKinds, today: string) {
  const { rows } = await sql<{ day: string; n: number }>`
    SELECT due_date::text AS day, count(*)::int AS n FROM (${dueDays(scope, kinds)}) counted GROUP BY due_date`.execute(
    db,
  );
  const buckets: Record<DueBucket, number> = {
    ueberfaellig: 0,
    heute: 0,
    morgen: 0,
    dieseWoche: 0,
    spaeter: 0,
  };
  for (const { day, n } of rows) buckets[dueBucketOf(day, today, { tomorrow: kinds === 'todos' })] += n;
  const total = Object.values(buckets).reduce((sum, n) => sum + n, 0);
  return { total, urgent: buckets.ueberfaellig + buckets.heute, buckets };
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
    sql<DueRow>`${dueItemsQuery(scope, kinds, DUE_ITEM_LIMIT)} LIMIT ${DUE_ITEM_LIMIT}`.execute(db),
    dueCounts(db, scope, kinds, today),
  ]);
  const items = rows.map((row) => ({
    ...row,
    bucket: dueBucketOf(row.dueDate, today, { tomorrow: kinds === 'todos' }) as DueBucket,
  }));
  return { today, ...counts, items };
}

/** Only the count of overdue + today's items (the menu badge): only those rows are read from the indexes. */
export async function urgentCount(db: Database, zone: string, scope: ViewerScope, now: Date = new Date()) {
  const today = await companyTodayInDb(db, zone, now);
  const { rows } = await sql<{ urgent: number }>`
    SELECT count(*)::int AS urgent FROM (${dueDays(scope, 'todos', today)}) counted`.execute(db);
  return rows[0]!.urgent;
}

/** A label on a Vorgang or on a customer, named by its owner and label (a due item's key). */
type LabelKey =
  | { kind: 'vorgangLabel'; vorgangId: number; labelId: number }
  | { kind: 'kundeLabel'; customerId: number; labelId: number };

// The label's table, its owner's column and id, and the owner's table (vorgang or customer).
const labelTable = (key: LabelKey) =>
  key.kind === 'vorgangLabel'
    ? {
        table: 'vorgang_label' as const,
        owner: 'vorgang_id' as const,
        ownerId: key.vorgangId,
        parent: 'vorgang' as const,
      }
    : {
        table: 'customer_label' as const,
        owner: 'customer_id' as const,
        ownerId: key.customerId,
        parent: 'customer' as const,
      };

/** Moves the label's owner (Vorgang or customer) to its next version, who and when; answers the version. */
export async function bumpLabelParent(trx: Database, key: LabelKey, by: string) {
  const { parent, ownerId } = labelTable(key);
  const bumped = await trx
    .updateTable(parent)
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: eb.fn<Date>('now'), updated_by: by }))
    .where('id', '=', ownerId)
    .returning('version')
    .executeTakeFirst();
  return bumped?.version;
}

/** Removes the label if it is still due on `dueDate`; answers whether it did. */
export async function deleteDueLabel(trx: Database, key: LabelKey, dueDate: string) {
  const { table, owner, ownerId } = labelTable(key);
  const removed = await trx
    .deleteFrom(table)
    .where(owner, '=', ownerId)
    .where('label_id', '=', key.labelId)
    .where('due_date', '=', dueDate)
    .executeTakeFirst();
  return Boolean(removed.numDeletedRows);
}

/** Moves the label's due date from `from` to `to` if it is still due on `from`; answers whether it did. */
export async function moveDueLabel(trx: Database, key: LabelKey, from: string, to: string) {
  const { table, owner, ownerId } = labelTable(key);
  const moved = await trx
    .updateTable(table)
    .set({ due_date: to })
    .where(owner, '=', ownerId)
    .where('label_id', '=', key.labelId)
    .where('due_date', '=', from)
    .executeTakeFirst();
  return Boolean(moved.numUpdatedRows);
}

/** Sets the label again, due on `dueDate`, unless it is set; answers whether it did. */
export async function insertDueLabel(trx: Database, key: LabelKey, dueDate: string, by: string) {
  const label = { label_id: key.labelId, due_date: dueDate, added_by: by };
  const insert =
    key.kind === 'vorgangLabel'
      ? trx.insertInto('vorgang_label').values({ ...label, vorgang_id: key.vorgangId })
      : trx.insertInto('customer_label').values({ ...label, customer_id: key.customerId });
  const added = await insert.onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Boolean(added.numInsertedOrUpdatedRows);
}

/** Who set the label. */
export async function labelAddedBy(trx: Database, key: LabelKey) {
  const { table, owner, ownerId } = labelTable(key);
  const label = await trx
    .selectFrom(table)
    .select('added_by as by')
    .where(owner, '=', ownerId)
    .where('label_id', '=', key.labelId)
    .executeTakeFirst();
  return label?.by;
}

/** The due labels of a scope whose keys are `keys` (a selection of the screen), in the screen's order. */
export function dueLabelsOfKeys(scope: ViewerScope, keys: string[]) {
  return sql<DueRow>`SELECT * FROM (${dueItemsQuery(scope, 'labels')}) d WHERE d.key = ANY(${keys}::text[]) ORDER BY d."dueDate", d.key`;
}
