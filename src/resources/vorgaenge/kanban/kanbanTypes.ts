import Type from 'typebox';
import { NullableInteger, NullableObject, NullableString, Version } from '../../../api/schemas';
import { VorgangListLabelSchema } from '../vorgangListTypes';

/** One card of the Kartenansicht. */
export const KanbanCardSchema = Type.Object({
  id: Type.Integer(),
  /** Sent back with a move; a move at an older version gets 409. */
  version: Version(),
  vorgangNumber: Type.String(),
  customerId: Type.Integer(),
  customerName: Type.String(),
  title: Type.String(),
  netTotalCents: Type.Integer(),
  /** What the card is worth: the Beleg's Summe netto, before the first Beleg the seller's estimate (pipeline.rules.ts). */
  valueCents: Type.Integer(),
  /** `valueCents` is the seller's estimate (no Beleg yet): shown as „geschätzt“. */
  estimated: Type.Boolean(),
  /** It has an Auftrag: won, counts in full in the weighted sums. */
  won: Type.Boolean(),
  /** Its value when it is open and expected to be ordered in the company's current quarter, else 0. */
  quarterValueCents: Type.Integer(),
  /** `due` marks a label whose due date is today or past (company day). */
  labels: Type.Array(VorgangListLabelSchema),
  seller: NullableObject(Type.Object({ name: Type.String(), initials: Type.String() })),
  /** null: column "Ohne Status". */
  customStatusId: NullableInteger(),
  /** Unique and ascending within the column: 1..n after a move; a new Vorgang goes on top at min - 1 (may be ≤ 0). */
  boardPosition: Type.Integer(),
  /** When the card entered its column (ISO time); days in this status are counted from it. */
  customStatusSince: NullableString(),
  /** Company days without activity when the Vorgang is stagnating (its Eigener Status's limit passed), else null. */
  stagnantDays: NullableInteger(),
});
export type KanbanCard = Type.Static<typeof KanbanCardSchema>;

/**
 * Under a quick search each column is counted exactly up to this many cards; beyond, the server stops (a broad
 * word such as „fenster“ matches 70.000 cards, and counting them all cost the board 0,8 s).
 */
export const BOARD_COUNT_LIMIT = 1_000;

/** One column: an active Eigener Status in board order, or "Ohne Status" first (`customStatusId` null). */
export const KanbanColumnSchema = Type.Object({
  customStatusId: NullableInteger(),
  name: Type.String(),
  color: NullableString(),
  /** All cards of the column under the filters, not only those sent; BOARD_COUNT_LIMIT + 1 when `capped`. */
  total: Type.Integer(),
  /**
   * Summe of the column's cards' values under the filters (Beleg netto, else the estimate; when `capped`: of the
   * cards counted only).
   */
  sumNetCents: Type.Number(),
  /** Win probability of the column's status in percent ("Ohne Status": NO_STATUS_WIN_PROBABILITY). */
  winProbability: Type.Number(),
  /** Of `sumNetCents`, the won cards' values (they count in full). */
  wonCents: Type.Number(),
  /** The values of the column's open cards expected in the company's current quarter (unweighted). */
  quarterCents: Type.Number(),
  /** Weighted sum: won cards in full, the others × winProbability (pipeline.rules.ts `weightedCents`). */
  weightedCents: Type.Number(),
  /** The column's part of „Erwartet in diesem Quartal“: quarterCents × winProbability. */
  quarterWeightedCents: Type.Number(),
  /** A quick search matches more than BOARD_COUNT_LIMIT cards here: counting stopped, shown as „mehr als 1.000“. */
  capped: Type.Boolean(),
  /** The first cards of the column in board order. */
  cards: Type.Array(KanbanCardSchema),
});
export type KanbanColumn = Type.Static<typeof KanbanColumnSchema>;

/**
 * What the board leaves out under its filters: lost and invoiced Vorgänge have no card (the Vorgänge list's
 * VERLOREN and RECHNUNG tabs show them). Under a quick search each is counted up to BOARD_COUNT_LIMIT (`capped`).
 */
export const KanbanLeftOutSchema = Type.Object({
  lost: Type.Integer(),
  invoiced: Type.Integer(),
  capped: Type.Boolean(),
});
export type KanbanLeftOut = Type.Static<typeof KanbanLeftOutSchema>;

/** The board as vorgang/kanban answers it. */
export const KanbanBoardSchema = Type.Object({
  columns: Type.Array(KanbanColumnSchema),
  leftOut: KanbanLeftOutSchema,
  /** The company's current quarter, for „Erwartet in diesem Quartal“ (the sum of the columns' quarterWeightedCents). */
  quarter: Type.Object({ start: Type.String(), end: Type.String(), label: Type.String() }),
  /** The newest board event when the board was read; the event stream resumes after it. */
  lastEventId: Type.String(),
});
export type KanbanBoard = Type.Static<typeof KanbanBoardSchema>;

/** More cards of one column (vorgang/kanban-page). */
export const KanbanPageSchema = Type.Object({
  cards: Type.Array(KanbanCardSchema),
  hasMore: Type.Boolean(),
});
export type KanbanPage = Type.Static<typeof KanbanPageSchema>;

/** What the event stream pushes when a card was moved (by anyone, on any server instance). */
export interface KanbanMoveEvent {
  type: 'moved';
  /** Increasing; sent as the SSE id so a reconnect resumes after it. */
  eventId: string;
  vorgangId: number;
  version: number;
  fromStatusId: number | null;
  customStatusId: number | null;
  /** The card it now stands before; null: last in the column. */
  beforeVorgangId: number | null;
  boardPosition: number;
  /** Display name of who moved it. */
  movedBy: string;
  /** ISO time of the move. */
  at: string;
}

/**
 * What the event stream sends when it cannot replay the events since the client's Last-Event-ID (they are
 * no longer kept): read the board again with vorgang/kanban and resume after its `lastEventId`.
 */
export interface KanbanReloadEvent {
  type: 'reload';
}

/** The SSE `event:` names of vorgang/kanban-events; the data is the JSON of the matching type. */
export type KanbanStreamEvent = KanbanMoveEvent | KanbanReloadEvent;
