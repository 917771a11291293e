import { describe, expect, it } from 'vitest';
import {
  appendPage,
  boardFromServer,
  isAfterEvent,
  isLoadedPosition,
  placeCard,
  placementOf,
  withTotals,
  type BoardState,
} from '../../src/resources/vorgaenge/kanban/boardState';
import { columnCountText, daysInStatusText } from '../../src/resources/vorgaenge/kanban/cardTexts';
import type { KanbanCard } from '../../src/resources/vorgaenge/kanban/kanbanTypes';

const card = (id: number, status: number | null, position: number, net = 100_00): KanbanCard => ({
  id,
  version: 1,
  vorgangNumber: `CRM-${id}`,
  customerId: 1,
  customerName: 'Kunde',
  title: 'Fenster',
  netTotalCents: net,
  valueCents: net,
  estimated: false,
  won: false,
  quarterValueCents: 0,
  labels: [],
  seller: null,
  customStatusId: status,
  boardPosition: position,
  customStatusSince: '2026-11-01T10:00:00.000Z',
  stagnantDays: null,
});

/** A column's weighted figures with no won cards and nothing expected this quarter. */
const unweighted = (sum: number, winProbability: number) => ({
  winProbability,
  wonCents: 0,
  quarterCents: 0,
  weightedCents: (sum * winProbability) / 100,
  quarterWeightedCents: 0,
});
const leftOut = { lost: 0, invoiced: 0, capped: false };
const quarter = { start: '2026-10-01', end: '2026-12-31', label: '4. Quartal 2026' };

const board = (): BoardState =>
  boardFromServer({
    lastEventId: '5',
    leftOut,
    quarter,
    columns: [
      {
        customStatusId: null,
        name: 'Ohne Status',
        color: null,
        total: 2,
        sumNetCents: 200_00,
        ...unweighted(200_00, 10),
        capped: false,
        cards: [card(1, null, 1), card(2, null, 2)],
      },
      {
        customStatusId: 7,
        name: 'Neu',
        color: '#999',
        total: 3,
        sumNetCents: 300_00,
        ...unweighted(300_00, 50),
        capped: false,
        cards: [card(3, 7, 1), card(4, 7, 2)],
      },
    ],
  });

const ids = (state: BoardState, column: number) =>
  state.columns[column]!.cards.map((c) => [c.id, c.boardPosition]);

describe('the Kartenansicht board state', () => {
  it('moves a card before another: its old column keeps the gap, a full spot moves the cards after it up', () => {
    const { state } = placeCard(board(), { vorgangId: 1, toStatusId: 7, beforeVorgangId: 4 });
    expect(ids(state, 0)).toEqual([[2, 2]]);
    expect(ids(state, 1)).toEqual([
      [3, 1],
      [1, 2],
      [4, 3],
    ]);
    expect(state.columns[0]).toMatchObject({ total: 1, sumNetCents: 100_00 });
    expect(state.columns[1]).toMatchObject({ total: 4, sumNetCents: 400_00 });
  });

  it('takes a number between two neighbours with room and leaves every other card where it is', () => {
    const spaced = boardFromServer({
      lastEventId: '5',
      leftOut,
      quarter,
      columns: [
        { ...board().columns[0]!, cards: [card(1, null, 1024), card(2, null, 2048)] },
        { ...board().columns[1]!, cards: [card(3, 7, 1024), card(4, 7, 2048), card(5, 7, 2049)] },
      ],
    });
    const between = placeCard(spaced, { vorgangId: 1, toStatusId: 7, beforeVorgangId: 4 }).state;
    expect(ids(between, 1)).toEqual([
      [3, 1024],
      [1, 1536],
      [4, 2048],
      [5, 2049],
    ]);
    const top = placeCard(spaced, { vorgangId: 2, toStatusId: 7, beforeVorgangId: 3 }).state;
    expect(ids(top, 1)[0]).toEqual([2, 0]);
    const end = placeCard(spaced, { vorgangId: 2, toStatusId: 7, beforeVorgangId: null }).state;
    expect(ids(end, 1).at(-1)).toEqual([2, 2049 + 1024]);
  });

  it('puts a moved card back exactly where it stood (rollback), and placing twice changes nothing', () => {
    const start = board();
    const back = placementOf(start, 1)!;
    const moved = placeCard(start, { vorgangId: 1, toStatusId: 7, beforeVorgangId: 3 }).state;
    expect(placeCard(moved, { vorgangId: 1, toStatusId: 7, beforeVorgangId: 3 }).state.columns).toEqual(
      moved.columns,
    );
    const rolledBack = placeCard(moved, back).state;
    expect(ids(rolledBack, 0)).toEqual(ids(start, 0));
    expect(ids(rolledBack, 1)).toEqual(ids(start, 1));
    expect(rolledBack.columns.map((c) => c.total)).toEqual([2, 3]);
  });

  it('a card dropped below the loaded cards of a longer column only counts; an unknown card is reported', () => {
    const { state } = placeCard(board(), { vorgangId: 2, toStatusId: 7, beforeVorgangId: null });
    expect(ids(state, 1)).toEqual([
      [3, 1],
      [4, 2],
    ]);
    expect(state.columns[1]!.total).toBe(4);
    expect(placeCard(board(), { vorgangId: 99, toStatusId: 7, beforeVorgangId: null }).unknown).toBe(true);
  });

  it('a capped column (more than 1.000 matches) keeps its „mehr als 1.000“ when cards come and go', () => {
    const start = board();
    const capped = {
      ...start,
      columns: [
        start.columns[0]!,
        { ...start.columns[1]!, total: 1001, sumNetCents: 9_000_00, capped: true },
      ],
    };
    const into = placeCard(capped, { vorgangId: 1, toStatusId: 7, beforeVorgangId: 3 }).state;
    expect(into.columns[1]).toMatchObject({ total: 1001, sumNetCents: 9_000_00, capped: true });
    expect(into.columns[0]).toMatchObject({ total: 1, sumNetCents: 100_00 });
    const out = placeCard(capped, { vorgangId: 3, toStatusId: null, beforeVorgangId: null }).state;
    expect(out.columns[1]).toMatchObject({ total: 1001, capped: true });
    expect(columnCountText(out.columns[1]!)).toBe('mehr als 1.000 Vorgänge');
    expect(columnCountText(out.columns[0]!)).toBe('3 Vorgänge');
  });

  it('a move carries its value into the weighted sums: won in full, open ones at the column probability', () => {
    const start = board();
    const won = { ...card(8, null, 3, 1_000_00), won: true };
    const expected = { ...card(9, null, 4, 400_00), estimated: true, quarterValueCents: 400_00 };
    const withCards: BoardState = {
      ...start,
      columns: [
        {
          ...start.columns[0]!,
          cards: [...start.columns[0]!.cards, won, expected],
          total: 4,
          sumNetCents: 1_600_00,
          wonCents: 1_000_00,
          quarterCents: 400_00,
          hasMore: false,
        },
        start.columns[1]!,
      ],
    };
    let state = placeCard(withCards, { vorgangId: 8, toStatusId: 7, beforeVorgangId: null }).state;
    state = placeCard(state, { vorgangId: 9, toStatusId: 7, beforeVorgangId: null }).state;
    // Neu (50 %): 300 € open + 400 € expected this quarter, 1.000 € won.
    expect(state.columns[1]).toMatchObject({
      sumNetCents: 1_700_00,
      wonCents: 1_000_00,
      quarterCents: 400_00,
      weightedCents: 1_000_00 + 350_00,
      quarterWeightedCents: 200_00,
    });
    // Ohne Status (10 %) gave both away: its weighted figures follow.
    expect(state.columns[0]).toMatchObject({
      sumNetCents: 200_00,
      wonCents: 0,
      quarterCents: 0,
      weightedCents: 20_00,
    });
  });

  it('adds a column page below its cards without repeating one already shown', () => {
    const state = appendPage(board(), 7, [card(4, 7, 2), card(5, 7, 3)], false);
    expect(ids(state, 1)).toEqual([
      [3, 1],
      [4, 2],
      [5, 3],
    ]);
    expect(state.columns[1]!.hasMore).toBe(false);
    expect(ids(state, 0)).toEqual(ids(board(), 0));
  });

  it('takes fresh totals and left-out counts but keeps the loaded cards; a capped total keeps „more to load“', () => {
    const start = board();
    const fresh = {
      lastEventId: '9',
      quarter,
      leftOut: { lost: 4, invoiced: 1001, capped: true },
      columns: [
        { ...start.columns[0]!, total: 1001, capped: true, cards: [] },
        { ...start.columns[1]!, total: 2, sumNetCents: 500_00, ...unweighted(500_00, 50), cards: [] },
      ],
    };
    const state = withTotals(start, fresh);
    expect(state.leftOut).toEqual({ lost: 4, invoiced: 1001, capped: true });
    // Neu held 2 of 3 cards; now 2 match, so none is left to load.
    expect(state.columns[1]).toMatchObject({
      total: 2,
      sumNetCents: 500_00,
      weightedCents: 250_00,
      hasMore: false,
    });
    expect(ids(state, 1)).toEqual(ids(start, 1));
    // Ohne Status had all its cards: a capped count („mehr als 1.000“) says nothing about more to load.
    expect(state.columns[0]).toMatchObject({ total: 1001, capped: true, hasMore: false });
    expect(state.lastEventId).toBe('5');
  });

  it('a card arriving below the loaded cards of a longer column is not shown; within them it is', () => {
    const neu = board().columns[1]!;
    expect(neu.hasMore).toBe(true);
    expect(isLoadedPosition(neu, 2)).toBe(true);
    expect(isLoadedPosition(neu, 3)).toBe(false);
    expect(isLoadedPosition(board().columns[0]!, 99)).toBe(true);
  });

  it('orders event ids as numbers, beyond what a JavaScript number holds exactly', () => {
    expect(isAfterEvent('10', '9')).toBe(true);
    expect(isAfterEvent('9', '10')).toBe(false);
    expect(isAfterEvent('9007199254740993', '9007199254740992')).toBe(true);
    expect(isAfterEvent('5', '5')).toBe(false);
    // A board read before any event: every event is newer; an id that is no number never is.
    expect(isAfterEvent('1', '')).toBe(true);
    expect(isAfterEvent('x', '1')).toBe(false);
  });

  it('counts days in the status in company days', () => {
    const now = new Date('2026-11-13T08:00:00.000Z');
    expect(daysInStatusText('2026-11-01T10:00:00.000Z', 'Europe/Vienna', now)).toBe('seit 12 Tagen');
    expect(daysInStatusText('2026-11-12T23:30:00.000Z', 'Europe/Vienna', now)).toBe('seit heute');
    expect(daysInStatusText('2026-11-12T10:00:00.000Z', 'Europe/Vienna', now)).toBe('seit 1 Tag');
  });
});
