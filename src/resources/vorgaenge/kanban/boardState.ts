import { followersToNudge, positionBetween } from './boardPositions.rules';
import type { KanbanBoard, KanbanCard, KanbanColumn, KanbanLeftOut } from './kanbanTypes';
import { quarterWeightedCents, weightedCents } from './pipeline.rules';

/** A column as the board holds it: the cards loaded so far (board order) and the totals under the filters. */
export interface ColumnState extends Omit<KanbanColumn, 'cards'> {
  cards: KanbanCard[];
  /** More cards wait on the server below the loaded ones (load them with vorgang/kanban-page). */
  hasMore: boolean;
}

/** The board on screen. */
export interface BoardState {
  columns: ColumnState[];
  lastEventId: string;
  leftOut: KanbanLeftOut;
  quarter: KanbanBoard['quarter'];
}

/** Where a card is to go: a column (null = Ohne Status) and the card it then stands before (null = the end). */
export interface Placement {
  vorgangId: number;
  toStatusId: number | null;
  beforeVorgangId: number | null;
  /** The server's position when known (reply, event); otherwise taken from the neighbour. */
  boardPosition?: number;
  version?: number;
  customStatusSince?: string | null;
  /** The card itself when the board does not hold it yet. */
  card?: KanbanCard;
}

/** The key of a column in URLs and drag ids: its status id, 0 for "Ohne Status" (as vorgang/kanban-page). */
export const columnKey = (customStatusId: number | null): number => customStatusId ?? 0;

/** The status id of a column key. */
export const statusOfKey = (key: number): number | null => (key === 0 ? null : key);

/** The board as the server sent it. */
export function boardFromServer(board: KanbanBoard): BoardState {
  return {
    lastEventId: board.lastEventId,
    leftOut: board.leftOut,
    quarter: board.quarter,
    columns: board.columns.map((column) => ({
      ...column,
      hasMore: column.cards.length < column.total,
    })),
  };
}

/** Finds a card anywhere on the board. */
export function findCard(state: BoardState, vorgangId: number) {
  for (const column of state.columns) {
    const index = column.cards.findIndex((card) => card.id === vorgangId);
    if (index >= 0) return { column, index, card: column.cards[index]! };
  }
  return null;
}

/** Where a card stands now, so that a failed move can put it back exactly there. */
export function placementOf(state: BoardState, vorgangId: number): Placement | null {
  const found = findCard(state, vorgangId);
  if (!found) return null;
  return {
    vorgangId,
    toStatusId: found.column.customStatusId,
    beforeVorgangId: found.column.cards[found.index + 1]?.id ?? null,
    boardPosition: found.card.boardPosition,
    version: found.card.version,
    customStatusSince: found.card.customStatusSince,
  };
}

/**
 * Puts a card at its new place as the server does: out of its column, into the target before the given card,
 * between its neighbours' positions (the cards after it move up only where there is no room). A place below the loaded cards of a
 * column with more to load only changes the column's totals. Applying the same placement twice changes nothing.
 * Answers `unknown` when the board holds no such card and none was given.
 */
export function placeCard(state: BoardState, to: Placement): { state: BoardState; unknown: boolean } {
  const found = findCard(state, to.vorgangId);
  const card = found?.card ?? to.card;
  if (!card) return { state, unknown: true };
  const targetKey = columnKey(to.toStatusId);
  const columns = state.columns.map((column) => {
    let next = column;
    if (found && column === found.column) next = withoutCard(next, card);
    if (columnKey(column.customStatusId) === targetKey) next = withCard(next, card, to, found?.column);
    return next;
  });
  return { state: { ...state, columns }, unknown: false };
}

// A capped column (more than BOARD_COUNT_LIMIT matches) stays „mehr als 1.000“ when one card comes or goes.
function totalsAfter(column: ColumnState, change: 1 | -1, card: KanbanCard) {
  if (column.capped) return {};
  const sumNetCents = column.sumNetCents + change * card.valueCents;
  const wonCents = column.wonCents + (card.won ? change * card.valueCents : 0);
  const quarterCents = column.quarterCents + change * card.quarterValueCents;
  return {
    total: column.total + change,
    sumNetCents,
    wonCents,
    quarterCents,
    weightedCents: weightedCents(sumNetCents, wonCents, column.winProbability),
    quarterWeightedCents: quarterWeightedCents(quarterCents, column.winProbability),
  };
}

function withoutCard(column: ColumnState, card: KanbanCard): ColumnState {
  return {
    ...column,
    ...totalsAfter(column, -1, card),
    // The cards below keep their positions: the server leaves the gap (boardPositions.rules.ts).
    cards: column.cards.filter((c) => c.id !== card.id),
  };
}

function withCard(
  column: ColumnState,
  card: KanbanCard,
  to: Placement,
  from: ColumnState | undefined,
): ColumnState {
  const cards = column.cards;
  let index = to.beforeVorgangId === null ? -1 : cards.findIndex((c) => c.id === to.beforeVorgangId);
  if (index < 0 && to.beforeVorgangId !== null && to.boardPosition !== undefined) {
    // The card it stands before is not on screen (filtered out): the position says where it goes.
    index = cards.findIndex((c) => c.boardPosition >= to.boardPosition!);
  }
  if (index < 0) index = cards.length;
  const sameColumn =
    from !== undefined && columnKey(from.customStatusId) === columnKey(column.customStatusId);
  // `cards` no longer holds the card (placeCard took it out of its column first).
  const position =
    to.boardPosition ??
    positionBetween(cards[index - 1]?.boardPosition ?? null, cards[index]?.boardPosition ?? null);
  const moved: KanbanCard = {
    ...card,
    customStatusId: column.customStatusId,
    boardPosition: position,
    version: to.version ?? card.version,
    customStatusSince:
      to.customStatusSince !== undefined
        ? to.customStatusSince
        : sameColumn
          ? card.customStatusSince
          : new Date().toISOString(),
  };
  const totals = totalsAfter(column, 1, card);
  if (index === cards.length && column.hasMore) {
    // Below what is loaded: it will come with the next page.
    return { ...column, ...totals };
  }
  // As the server does: the cards after it move up only where it left them no free number.
  const after = cards.slice(index);
  const nudged = followersToNudge(
    position,
    after.map((c) => c.boardPosition),
  );
  const shifted = after.map((c, i) => (i < nudged.length ? { ...c, boardPosition: nudged[i]! } : c));
  return { ...column, ...totals, cards: [...cards.slice(0, index), moved, ...shifted] };
}

/** Changes one card where it stands (the version and position the server answered). */
export function patchCard(state: BoardState, vorgangId: number, patch: Partial<KanbanCard>): BoardState {
  return {
    ...state,
    columns: state.columns.map((column) =>
      column.cards.some((c) => c.id === vorgangId)
        ? { ...column, cards: column.cards.map((c) => (c.id === vorgangId ? { ...c, ...patch } : c)) }
        : column,
    ),
  };
}

/** Adds the next page of a column below its loaded cards (cards already shown are not repeated). */
export function appendPage(
  state: BoardState,
  customStatusId: number | null,
  cards: KanbanCard[],
  hasMore: boolean,
): BoardState {
  return mapColumn(state, customStatusId, (column) => {
    const shown = new Set(column.cards.map((c) => c.id));
    return { ...column, cards: [...column.cards, ...cards.filter((c) => !shown.has(c.id))], hasMore };
  });
}

/** Replaces the loaded cards of a column (after it was read again). */
export function replaceCards(
  state: BoardState,
  customStatusId: number | null,
  cards: KanbanCard[],
  hasMore: boolean,
): BoardState {
  return mapColumn(state, customStatusId, (column) => ({ ...column, cards, hasMore }));
}

/** Takes the columns' totals from a fresh read of the board, keeping the loaded cards. */
export function withTotals(state: BoardState, fresh: KanbanBoard): BoardState {
  return {
    ...state,
    leftOut: fresh.leftOut,
    columns: state.columns.map((column) => {
      const now = fresh.columns.find((c) => columnKey(c.customStatusId) === columnKey(column.customStatusId));
      if (!now) return column;
      return {
        ...column,
        total: now.total,
        sumNetCents: now.sumNetCents,
        wonCents: now.wonCents,
        quarterCents: now.quarterCents,
        weightedCents: now.weightedCents,
        quarterWeightedCents: now.quarterWeightedCents,
        winProbability: now.winProbability,
        capped: now.capped,
        // A capped total says nothing about how many cards follow: keep what the last page said.
        hasMore: now.capped ? column.hasMore : column.cards.length < now.total,
      };
    }),
  };
}

/** Whether a board position lies within the loaded part of a column (a card arriving there must be shown). */
export function isLoadedPosition(column: ColumnState, boardPosition: number): boolean {
  if (!column.hasMore) return true;
  const last = column.cards[column.cards.length - 1];
  return last !== undefined && boardPosition <= last.boardPosition;
}

function mapColumn(
  state: BoardState,
  customStatusId: number | null,
  change: (column: ColumnState) => ColumnState,
): BoardState {
  const key = columnKey(customStatusId);
  return {
    ...state,
    columns: state.columns.map((column) =>
      columnKey(column.customStatusId) === key ? change(column) : column,
    ),
  };
}

/** Orders SSE event ids (decimal strings, possibly beyond 2^53). */
export function isAfterEvent(eventId: string, lastEventId: string): boolean {
  if (!/^\d+$/.test(eventId)) return false;
  if (!/^\d+$/.test(lastEventId)) return true;
  return BigInt(eventId) > BigInt(lastEventId);
}
