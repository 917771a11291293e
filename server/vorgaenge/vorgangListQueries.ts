import { sql, type RawBuilder } from 'kysely';
import type { VorgangFilter } from '../../src/resources/vorgaenge/vorgangList.endpoints';
import type {
  VorgangListPage,
  VorgangListRow,
  VorgangSort,
  VorgangStatus,
} from '../../src/resources/vorgaenge/vorgangListTypes';
import type { Database } from '../platform/db/database';
import { stagnantCondition, stagnantDays } from './stagnationQueries';
import { containsPattern, prefixPattern, quickSearchCondition } from './vorgangSearchQueries';

/** Who asks and in which zone their company counts days (date filters, due labels). */
export interface ListContext {
  callerOid: string;
  zone: string;
  /** The quick search, resolved by `withSearch` (filter.q). */
  search?: RawBuilder<unknown>;
}

/** The context with the filter's quick search resolved (see quickSearchCondition). */
export async function withSearch(
  db: Database,
  filter: VorgangFilter,
  context: ListContext,
): Promise<ListContext> {
  const text = filter.q?.trim();
  return text ? { ...context, search: await quickSearchCondition(db, text) } : context;
}

// Sort columns; `notNull` ones may take NULLS FIRST on DESC so a backwards index scan serves them.
const SORTS: Record<VorgangSort, { column: string; notNull?: boolean }> = {
  lastActivityAt: { column: 'v.last_activity_at' },
  vorgangNumber: { column: 'v.vorgang_number', notNull: true },
  title: { column: 'v.title', notNull: true },
  customerName: { column: 'c.display_name' },
  netTotalCents: { column: 'v.net_total_cents', notNull: true },
  planDbCents: { column: 'v.plan_db_cents' },
  expectedOrderDate: { column: 'v.expected_order_date' },
  createdAt: { column: 'v.created_at', notNull: true },
};

const MATCH_COLUMNS = {
  vorgangNumber: 'v.vorgang_number',
  title: 'v.title',
  customerName: 'c.display_name',
} as const;

function columnMatch(column: keyof typeof MATCH_COLUMNS, mode: string, value: string): RawBuilder<unknown> {
  const ref = sql.raw(MATCH_COLUMNS[column]);
  const contains = containsPattern(value);
  switch (mode) {
    case 'startsWith':
      return sql`lower(${ref}) LIKE ${prefixPattern(value)}`;
    case 'equals':
      return sql`lower(${ref}) = ${value.toLowerCase()}`;
    case 'notEquals':
      return sql`lower(${ref}) <> ${value.toLowerCase()}`;
    default:
      // Number and title "contains" go through the combined trigram index first, then the column itself.
      return column === 'customerName'
        ? sql`${ref} ILIKE ${contains}`
        : sql`lower(v.vorgang_number || ' ' || v.title) LIKE ${contains} AND lower(${ref}) LIKE ${contains}`;
  }
}

// A company day's bounds as instants: [from 00:00, to+1 00:00) in the tenant's zone.
const dayStart = (day: string, zone: string) => sql`(${day}::date::timestamp AT TIME ZONE ${zone})`;
const dayEnd = (day: string, zone: string) => sql`((${day}::date + 1)::timestamp AT TIME ZONE ${zone})`;

/** Has a Beleg of one of the types (comma list), dated in the range when given (beleg_type_date_idx). */
function belegCondition(types: string, from: string | undefined, to: string | undefined) {
  const dated = [
    ...(from ? [sql`b.beleg_date >= ${from}::date`] : []),
    ...(to ? [sql`b.beleg_date <= ${to}::date`] : []),
  ];
  return sql`v.id IN (SELECT b.vorgang_id FROM beleg b WHERE b.beleg_type = ANY(${types.split(',')}::text[])
    ${dated.length ? sql`AND ${sql.join(dated, sql` AND `)}` : sql``})`;
}

/** The filters as SQL conditions on alias v (customer c), all but the status tab. */
export function filterConditions(filter: VorgangFilter, context: ListContext): RawBuilder<unknown>[] {
  const where: RawBuilder<unknown>[] = [];
  const { zone } = context;
  if (context.search) where.push(context.search);
  if (filter.mine) {
    where.push(sql`v.seller_user_id = (SELECT id FROM app_user WHERE azure_oid = ${context.callerOid})`);
  }
  if (filter.sellerUserId) where.push(sql`v.seller_user_id = ${filter.sellerUserId}`);
  if (filter.branchId) where.push(sql`v.branch_id = ${filter.branchId}`);
  if (filter.branchIds) where.push(sql`v.branch_id = ANY(${filter.branchIds.split(',').map(Number)}::int[])`);
  if (filter.belegType) where.push(belegCondition(filter.belegType, filter.belegFrom, filter.belegTo));
  if (filter.inactiveSince) {
    where.push(sql`coalesce(v.last_activity_at, v.created_at) < ${dayEnd(filter.inactiveSince, zone)}`);
  }
  if (filter.stagnant) where.push(stagnantCondition(zone));
  if (filter.origin) where.push(sql`v.origin = ${filter.origin}`);
  if (filter.customStatusId) where.push(sql`v.custom_status_id = ${filter.customStatusId}`);
  if (filter.customerId) where.push(sql`v.customer_id = ${filter.customerId}`);
  if (filter.labelId) {
    where.push(sql`v.id IN (SELECT vorgang_id FROM vorgang_label WHERE label_id = ${filter.labelId})`);
  }
  if (filter.netFrom !== undefined) where.push(sql`v.net_total_cents >= ${filter.netFrom}`);
  if (filter.netTo !== undefined) where.push(sql`v.net_total_cents <= ${filter.netTo}`);
  if (filter.createdFrom) where.push(sql`v.created_at >= ${dayStart(filter.createdFrom, zone)}`);
  if (filter.createdTo) where.push(sql`v.created_at < ${dayEnd(filter.createdTo, zone)}`);
  if (filter.activityFrom) where.push(sql`v.last_activity_at >= ${dayStart(filter.activityFrom, zone)}`);
  if (filter.activityTo) where.push(sql`v.last_activity_at < ${dayEnd(filter.activityTo, zone)}`);
  if (filter.expectedFrom) where.push(sql`v.expected_order_date >= ${filter.expectedFrom}::date`);
  if (filter.expectedTo) where.push(sql`v.expected_order_date <= ${filter.expectedTo}::date`);
  const matchValue = filter.matchValue?.trim();
  if (filter.matchColumn && matchValue) {
    where.push(columnMatch(filter.matchColumn, filter.matchMode ?? 'contains', matchValue));
  }
  return where;
}

/** WHERE of the given conditions (none: no WHERE). */
export const whereOf = (conditions: RawBuilder<unknown>[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

/** WHERE with the status tab applied. */
export const listWhere = (filter: VorgangFilter, context: ListContext) =>
  whereOf([
    ...filterConditions(filter, context),
    ...(filter.status ? [sql`v.system_status = ${filter.status}`] : []),
  ]);

/** ORDER BY of the list: the chosen column, then id in the same direction, so pages never overlap. */
export function listOrder(filter: VorgangFilter): RawBuilder<unknown> {
  const sort = SORTS[filter.sort ?? 'lastActivityAt'];
  const desc = (filter.order ?? (filter.sort ? 'ASC' : 'DESC')) === 'DESC';
  const nulls = desc && sort.notNull ? 'NULLS FIRST' : 'NULLS LAST';
  const direction = sql.raw(`${desc ? 'DESC' : 'ASC'} ${nulls}`);
  return sql`ORDER BY ${sql.raw(sort.column)} ${direction}, v.id ${sql.raw(desc ? 'DESC' : 'ASC')}`;
}

/** The joins every list and export row needs (left joins the planner drops where a count does not use them). */
export const LIST_FROM = sql`FROM vorgang v
  LEFT JOIN customer c ON c.id = v.customer_id`;

/** The first page's SQL: one page of rows (one more than asked, to know whether another page follows). */
export function pageQuery(filter: VorgangFilter & { page?: number; perPage?: number }, context: ListContext) {
  const perPage = filter.perPage ?? 25;
  const offset = ((filter.page ?? 1) - 1) * perPage;
  return sql<VorgangListRow>`
      SELECT v.id, v.version, v.vorgang_number AS "vorgangNumber", v.customer_id AS "customerId",
        c.display_name AS "customerName", v.title, v.system_status AS "systemStatus",
        CASE WHEN cs.id IS NULL THEN NULL
          ELSE json_build_object('id', cs.id, 'name', cs.name, 'color', cs.color) END AS "customStatus",
        coalesce((
          SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color,
              'dueDate', to_char(vl.due_date, 'YYYY-MM-DD'),
              'due', coalesce(vl.due_date <= (now() AT TIME ZONE ${context.zone})::date, false))
            ORDER BY vl.due_date NULLS LAST, l.name)
          FROM vorgang_label vl JOIN label l ON l.id = vl.label_id WHERE vl.vorgang_id = v.id), '[]'::json) AS labels,
        u.name AS seller, br.name AS branch, v.origin,
        v.net_total_cents::float8 AS "netTotalCents", v.expected_value_cents::float8 AS "expectedValueCents",
        v.plan_db_cents::float8 AS "planDbCents",
        to_char(v.expected_order_date, 'YYYY-MM-DD') AS "expectedOrderDate",
        v.last_activity_at AS "lastActivityAt", v.created_at AS "createdAt",
        ${stagnantDays(context.zone)} AS "stagnantDays"
      ${LIST_FROM}
      LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
      LEFT JOIN app_user u ON u.id = v.seller_user_id
      LEFT JOIN branch br ON br.id = v.branch_id
      ${listWhere(filter, context)}
      ${listOrder(filter)}
      LIMIT ${perPage + 1} OFFSET ${offset}`;
}

/**
 * One page of the Vorgänge list and whether another follows. No counting here: the total and the tab counts
 * come from vorgang/getVorgangCounts (vorgangCountQueries.ts), so the rows are on screen before the counts.
 */
export async function listVorgaenge(
  db: Database,
  filter: VorgangFilter & { page?: number; perPage?: number },
  context: ListContext,
): Promise<VorgangListPage> {
  const perPage = filter.perPage ?? 25;
  const { rows } = await pageQuery(filter, await withSearch(db, filter, context)).execute(db);
  return { data: rows.slice(0, perPage), hasMore: rows.length > perPage };
}

/** The active Herkunft values (Stammdaten), in their order. */
export async function herkunftValues(db: Database) {
  return db
    .selectFrom('stammdaten')
    .select(['id', 'value as name'])
    .where('category', '=', 'herkunft')
    .where('active', '=', true)
    .orderBy('sort_order')
    .orderBy((eb) => eb.fn('lower', ['value']))
    .execute();
}

/** The Vorgang a full Belegnummer belongs to (case-insensitive, through beleg_number_lower_idx). */
export async function vorgangOfBeleg(db: Database, belegNumber: string) {
  const { rows } = await sql<{ id: number; vorgangNumber: string; belegNumber: string }>`
    SELECT v.id, v.vorgang_number AS "vorgangNumber", b.beleg_number AS "belegNumber"
    FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id
    WHERE lower(b.beleg_number) = lower(${belegNumber.trim()})
    ORDER BY b.beleg_number = ${belegNumber.trim()} DESC
    LIMIT 1`.execute(db);
  return rows[0];
}

/** A Vorgang of the Excel export: the list's columns with names for ids, days in the company's zone. */
export interface ExportRow {
  vorgangNumber: string;
  customerName: string | null;
  title: string;
  systemStatus: VorgangStatus;
  customStatus: string | null;
  labels: string | null;
  seller: string | null;
  branch: string | null;
  origin: string | null;
  netTotalCents: string;
  planDbCents: string | null;
  /** Calendar days as yyyy-MM-dd, already in the company's zone. */
  expectedOrderDate: string | null;
  lastActivityDay: string | null;
  createdDay: string;
}

/** The list's rows (same FROM, WHERE, ORDER BY) with names instead of ids and days in the company's zone. */
export function exportQuery(filter: VorgangFilter, context: ListContext, ids?: number[]) {
  const zone = context.zone;
  return sql<ExportRow>`
    SELECT v.vorgang_number AS "vorgangNumber", c.display_name AS "customerName", v.title,
      v.system_status AS "systemStatus", cs.name AS "customStatus",
      (SELECT string_agg(l.name, ', ' ORDER BY lower(l.name)) FROM vorgang_label vl JOIN label l ON l.id = vl.label_id
        WHERE vl.vorgang_id = v.id) AS labels,
      u.name AS seller, br.name AS branch, v.origin,
      v.net_total_cents AS "netTotalCents", v.plan_db_cents AS "planDbCents",
      to_char(v.expected_order_date, 'YYYY-MM-DD') AS "expectedOrderDate",
      to_char(v.last_activity_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "lastActivityDay",
      to_char(v.created_at AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS "createdDay"
    ${LIST_FROM}
    LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id
    LEFT JOIN branch br ON br.id = v.branch_id
    ${ids ? sql`WHERE v.id = ANY(${ids}::int[])` : listWhere(filter, context)}
    ${listOrder(filter)}`;
}
