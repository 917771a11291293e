import { sql, type RawBuilder } from 'kysely';
import { companyToday } from '../../../src/config/companyTime';
import {
  NO_STATUS_WIN_PROBABILITY,
  quarterOf,
  quarterWeightedCents,
  weightedCents,
} from '../../../src/resources/vorgaenge/kanban/pipeline.rules';
import {
  BOARD_COUNT_LIMIT,
  type KanbanBoard,
  type KanbanCard,
  type KanbanColumn,
  type KanbanPage,
} from '../../../src/resources/vorgaenge/kanban/kanbanTypes';
import type { Database } from '../../platform/db/database';
import type { ListContext } from '../vorgangListQueries';
import { boardConditions, listConditions, type BoardFilter } from './kanbanFilterQueries';
import { stagnantDays } from '../stagnationQueries';
import { cardValue, isEstimate, quarterValue, wonValue } from './pipelineValueQueries';

/** Cards per column in `vorgang/kanban` unless asked otherwise, and per `vorgang/kanban-page`. */
export const DEFAULT_PER_COLUMN = 30;

/** "Victor Verkauf" → "VV", "Anna" → "A": first letters of the first and the last name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0]!.charAt(0);
  const last = words.length > 1 ? words.at(-1)!.charAt(0) : '';
  return (first + last).toLocaleUpperCase('de-DE');
}

type CardRow = Omit<KanbanCard, 'seller'> & { sellerName: string | null };

const cardOf = ({ sellerName, ...row }: CardRow): KanbanCard => ({
  ...row,
  seller: sellerName ? { name: sellerName, initials: initialsOf(sellerName) } : null,
});

/**
 * The card of each row of `picked` (alias p: id, board_position), in board order as JSON: customer, seller,
 * labels with `due` by the company day. Runs only over the few rows picked, never over a column.
 */
function cardsJson(picked: RawBuilder<unknown>, zone: string, quarter: { start: string; end: string }) {
  return sql`coalesce((
    SELECT json_agg(json_build_object(
      'id', v.id, 'version', v.version, 'vorgangNumber', v.vorgang_number, 'customerId', v.customer_id,
      'customerName', c.display_name, 'title', v.title, 'netTotalCents', v.net_total_cents::float8,
      'valueCents', ${cardValue}::float8, 'estimated', ${isEstimate}, 'won', v.system_status = 'auftrag',
      'quarterValueCents', ${quarterValue(quarter.start, quarter.end)}::float8,
      'labels', coalesce((
        SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color,
            'dueDate', to_char(vl.due_date, 'YYYY-MM-DD'),
            'due', coalesce(vl.due_date <= (now() AT TIME ZONE ${zone})::date, false))
          ORDER BY vl.due_date NULLS LAST, l.name)
        FROM vorgang_label vl JOIN label l ON l.id = vl.label_id WHERE vl.vorgang_id = v.id), '[]'::json),
      'sellerName', u.name, 'customStatusId', v.custom_status_id, 'boardPosition', v.board_position,
      -- Vorgänge never moved since the status came with them count their days from their creation.
      'customStatusSince', coalesce(v.custom_status_since, v.created_at),
      'stagnantDays', ${stagnantDays(zone)}
    ) ORDER BY p.board_position, p.id)
    FROM (${picked}) p
    JOIN vorgang v ON v.id = p.id
    LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    LEFT JOIN customer c ON c.id = v.customer_id
    LEFT JOIN app_user u ON u.id = v.seller_user_id), '[]'::json)`;
}

type ColumnRow = Omit<KanbanColumn, 'cards' | 'weightedCents' | 'quarterWeightedCents'> & {
  cards: CardRow[];
  lastEventId: string;
  lost: number;
  invoiced: number;
};

/** Per column: the cards' count, value sum, won part and open part expected this quarter (on alias v). */
const columnSums = (quarter: { start: string; end: string }) => sql`count(*)::int AS total,
  coalesce(sum(${cardValue}), 0)::float8 AS sum, coalesce(sum(${wonValue}), 0)::float8 AS won,
  coalesce(sum(${quarterValue(quarter.start, quarter.end)}), 0)::float8 AS quarter`;

/**
 * Lost and invoiced Vorgänge under the board's filters (they have no card); under a quick search each counted
 * only up to BOARD_COUNT_LIMIT + 1, as the columns are.
 */
function leftOutCounts(where: RawBuilder<unknown>, searched: boolean) {
  const count = (status: string) =>
    searched
      ? sql`(SELECT count(*)::int FROM (SELECT 1 FROM vorgang v WHERE v.system_status = ${status} AND ${where}
          LIMIT ${BOARD_COUNT_LIMIT + 1}) s)`
      : sql`(SELECT count(*)::int FROM vorgang v WHERE v.system_status = ${status} AND ${where})`;
  return sql`, left_out AS (SELECT ${count('verloren')} AS lost, ${count('rechnung')} AS invoiced)`;
}

/**
 * The board in one SQL statement: the columns ("Ohne Status", then the active Eigene Status by their board
 * order), each column's count, value sum, won part and part expected this quarter under the filters (exact;
 * under a quick search exact up to BOARD_COUNT_LIMIT), per column its first cards in (board_position, id)
 * order, and how many lost and invoiced Vorgänge the board leaves out. The weighted sums follow in TypeScript
 * from the column's win probability (pipeline.rules.ts), the same rule the board's optimistic moves use.
 */
export async function readBoard(
  db: Database,
  filter: BoardFilter & { perColumn?: number },
  context: ListContext,
): Promise<KanbanBoard> {
  const listed = await listConditions(db, filter, context);
  const where = boardConditions(listed);
  const perColumn = filter.perColumn ?? DEFAULT_PER_COLUMN;
  const searched = Boolean(filter.q?.trim());
  const quarter = quarterOf(companyToday(context.zone));
  // Unless a label says otherwise: each column walks the board index with the filters, up to perColumn cards.
  let firstCards = sql`
    SELECT v.id, v.board_position FROM vorgang v
    WHERE coalesce(v.custom_status_id, 0) = col.key AND ${where}
    ORDER BY coalesce(v.custom_status_id, 0), v.board_position, v.id LIMIT ${perColumn}`;
  let totals: RawBuilder<unknown>;
  if (searched) {
    // A quick search: each column walks the board index with the search as a condition and stops after
    // BOARD_COUNT_LIMIT + 1 matches (exact below that). A broad word then reads a few thousand index
    // entries per column instead of all 70.000 matches; a narrow one (resolved to ids) reads only those.
    totals = sql`, totals AS (
        SELECT col.key, t.total, t.sum, t.won, t.quarter FROM col CROSS JOIN LATERAL (
          SELECT ${columnSums(quarter)} FROM (
            SELECT v.net_total_cents, v.system_status, v.expected_value_cents, v.expected_order_date
            FROM vorgang v
            WHERE coalesce(v.custom_status_id, 0) = col.key AND ${where}
            ORDER BY coalesce(v.custom_status_id, 0), v.board_position, v.id LIMIT ${BOARD_COUNT_LIMIT + 1}
          ) v) t
      )`;
  } else if (filter.labelId) {
    // A label is no order of the board index: such a board reads its matches once (a few thousand) and
    // ranks them per column, instead of each column's LATERAL walking the index past non-matches.
    totals = sql`, hit AS MATERIALIZED (
        SELECT v.id, coalesce(v.custom_status_id, 0) AS key, v.board_position, v.net_total_cents,
          v.system_status, v.expected_value_cents, v.expected_order_date,
          row_number() OVER (PARTITION BY coalesce(v.custom_status_id, 0) ORDER BY v.board_position, v.id) AS rn
        FROM vorgang v WHERE ${where}
      ), totals AS (
        SELECT key, ${columnSums(quarter)} FROM hit v GROUP BY 1
      )`;
    firstCards = sql`SELECT hit.id, hit.board_position FROM hit WHERE hit.key = col.key AND hit.rn <= ${perColumn}`;
  } else {
    // The filters of the board index's own rows (none, Verkäufer, Filiale): one grouped pass, exact.
    totals = sql`, totals AS (
        SELECT coalesce(v.custom_status_id, 0) AS key, ${columnSums(quarter)}
        FROM vorgang v WHERE ${where} GROUP BY 1
      )`;
  }
  const { rows } = await sql<ColumnRow>`
    WITH col AS (
      SELECT 0 AS key, NULL::int AS id, 'Ohne Status' AS name, NULL::text AS color, 0 AS rank, 0 AS sort_order,
        ${NO_STATUS_WIN_PROBABILITY}::int AS win_probability
      UNION ALL
      SELECT id, id, name, color, 1, sort_order, win_probability FROM custom_status WHERE active
    ) ${totals} ${leftOutCounts(sql.join(listed, sql` AND `), searched)}
    SELECT col.id AS "customStatusId", col.name, col.color, coalesce(t.total, 0) AS total,
      coalesce(t.sum, 0)::float8 AS "sumNetCents", col.win_probability AS "winProbability",
      coalesce(t.won, 0)::float8 AS "wonCents", coalesce(t.quarter, 0)::float8 AS "quarterCents",
      ${searched} AND coalesce(t.total, 0) > ${BOARD_COUNT_LIMIT} AS capped, ${cardsJson(firstCards, context.zone, quarter)} AS cards,
      greatest((SELECT max(id) FROM kanban_event),
               (SELECT pruned_through FROM kanban_event_horizon), 0)::text AS "lastEventId",
      left_out.lost, left_out.invoiced
    FROM col LEFT JOIN totals t ON t.key = col.key CROSS JOIN left_out
    ORDER BY col.rank, col.sort_order, col.id`.execute(db);
  const first = rows[0];
  return {
    columns: rows.map(({ lastEventId: _newest, lost: _lost, invoiced: _invoiced, cards, ...column }) => ({
      ...column,
      weightedCents: weightedCents(column.sumNetCents, column.wonCents, column.winProbability),
      quarterWeightedCents: quarterWeightedCents(column.quarterCents, column.winProbability),
      cards: cards.map(cardOf),
    })),
    leftOut: {
      lost: first?.lost ?? 0,
      invoiced: first?.invoiced ?? 0,
      capped: searched && Math.max(first?.lost ?? 0, first?.invoiced ?? 0) > BOARD_COUNT_LIMIT,
    },
    quarter,
    lastEventId: first?.lastEventId ?? '0',
  };
}

/** Where a page of a column starts: after this card (position and, for equal positions, id). */
export interface PageStart {
  /** 0: "Ohne Status". */
  customStatusId: number;
  afterPosition: number;
  afterId?: number;
  limit?: number;
}

/** The next cards of one column after a place in board order (keyset), and whether more follow. */
export async function readColumnPage(
  db: Database,
  filter: BoardFilter & PageStart,
  context: ListContext,
): Promise<KanbanPage> {
  const where = boardConditions(await listConditions(db, filter, context));
  const limit = filter.limit ?? DEFAULT_PER_COLUMN;
  // Without an id, a card at the same position as the last one loaded counts as loaded.
  const after =
    filter.afterId === undefined
      ? sql`v.board_position > ${filter.afterPosition}`
      : sql`(v.board_position, v.id) > (${filter.afterPosition}, ${filter.afterId})`;
  const picked = sql`
    SELECT v.id, v.board_position FROM vorgang v
    WHERE coalesce(v.custom_status_id, 0) = ${filter.customStatusId} AND ${after} AND ${where}
    ORDER BY coalesce(v.custom_status_id, 0), v.board_position, v.id LIMIT ${limit + 1}`;
  const { rows } = await sql<{ cards: CardRow[] }>`
    SELECT ${cardsJson(picked, context.zone, quarterOf(companyToday(context.zone)))} AS cards`.execute(db);
  const cards = rows[0]!.cards;
  return { cards: cards.slice(0, limit).map(cardOf), hasMore: cards.length > limit };
}
