import { describe, expect, it } from 'vitest';
import {
  boardFromServer,
  placeCard,
  placementOf,
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
  labels: [],
  seller: null,
  customStatusId: status,
  boardPosition: position,
  customStatusSince: '2026-11-01T10:00:00.000Z',
});

const board = (): BoardState =>
  boardFromServer({
    lastEventId: '5',
    columns: [
      {
        customStatusId: null,
        name: 'Ohne Status',
        color: null,
        total: 2,
        sumNetCents: 200_00,
        capped: false,
        cards: [card(1, null, 1), card(2, null, 2)],
      },
      {
        customStatusId: 7,
        name: 'Neu',
        color: '#999',
        total: 3,
        sumNetCents: 300_00,
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

  it('counts days in the status in company days', () => {
    const now = new Date('2026-11-13T08:00:00.000Z');
    expect(daysInStatusText('2026-11-01T10:00:00.000Z', 'Europe/Vienna', now)).toBe('seit 12 Tagen');
    expect(daysInStatusText('2026-11-12T23:30:00.000Z', 'Europe/Vienna', now)).toBe('seit heute');
    expect(daysInStatusText('2026-11-12T10:00:00.000Z', 'Europe/Vienna', now)).toBe('seit 1 Tag');
  });
});
