import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { useEffect } from 'react';
import { Notification } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { BoardSummary } from '../../../src/resources/vorgaenge/kanban/BoardSummary';
import { ColumnHeader } from '../../../src/resources/vorgaenge/kanban/ColumnHeader';
import { columnKey } from '../../../src/resources/vorgaenge/kanban/boardState';
import type {
  KanbanBoard,
  KanbanCard,
  KanbanColumn,
  KanbanMoveEvent,
} from '../../../src/resources/vorgaenge/kanban/kanbanTypes';
import { useKanbanBoard } from '../../../src/resources/vorgaenge/kanban/useKanbanBoard';
import type { KanbanFilter } from '../../../src/resources/vorgaenge/kanban/useKanbanFilter';
import { MESSAGES } from '../support/messages';
import { renderInAdmin } from '../support/render';
import { apiPath, envelope, errorEnvelope, server } from '../support/server';

const card = (
  id: number,
  customStatusId: number | null,
  boardPosition: number,
  valueCents: number,
  won = false,
) =>
  ({
    id,
    version: 1,
    vorgangNumber: `V26-00${id}`,
    customerId: 1,
    customerName: 'Muster, Maria',
    title: 'Fenster',
    netTotalCents: valueCents,
    valueCents,
    estimated: false,
    won,
    quarterValueCents: 0,
    labels: [],
    seller: null,
    customStatusId,
    boardPosition,
    customStatusSince: '2026-11-02T09:00:00.000Z',
    stagnantDays: null,
  }) satisfies KanbanCard;

const column = (
  customStatusId: number | null,
  name: string,
  winProbability: number,
  cards: KanbanCard[],
  figures: Pick<KanbanColumn, 'sumNetCents' | 'wonCents' | 'weightedCents'>,
): KanbanColumn => ({
  customStatusId,
  name,
  color: null,
  total: cards.length,
  winProbability,
  quarterCents: 0,
  quarterWeightedCents: 0,
  capped: false,
  cards,
  ...figures,
});

/**
 * "Ohne Status" (10 %) holds V26-001 at 1.000,00 €; "Angebot" (50 %) holds V26-002 (2.000,00 €, open) and
 * V26-003 (500,00 €, won): weighted 500,00 € + 50 % of 2.000,00 € = 1.500,00 €.
 */
const BOARD: KanbanBoard = {
  columns: [
    column(null, 'Ohne Status', 10, [card(1, null, 1024, 1000_00)], {
      sumNetCents: 1000_00,
      wonCents: 0,
      weightedCents: 100_00,
    }),
    column(5, 'Angebot', 50, [card(2, 5, 1024, 2000_00), card(3, 5, 2048, 500_00, true)], {
      sumNetCents: 2500_00,
      wonCents: 500_00,
      weightedCents: 1500_00,
    }),
  ],
  leftOut: { lost: 3, invoiced: 1200, capped: false },
  quarter: { start: '2026-10-01', end: '2026-12-31', label: '4. Quartal 2026' },
  lastEventId: '100',
};

type Board = ReturnType<typeof useKanbanBoard>;

/** The board as the Kartenansicht holds it: its summary, each column's header and cards, and its messages. */
function BoardUnderTest({ filter, onBoard }: { filter: KanbanFilter; onBoard: (board: Board) => void }) {
  const board = useKanbanBoard(filter);
  useEffect(() => {
    onBoard(board);
  });
  if (!board.board) return <p>{board.error ?? 'Laden …'}</p>;
  return (
    <>
      <BoardSummary board={board.board} filter={filter} />
      {board.board.columns.map((c) => (
        <section key={columnKey(c.customStatusId)} aria-label={c.name}>
          <ColumnHeader column={c} />
          <ul>
            {c.cards.map((k) => (
              <li key={k.id}>{`${k.vorgangNumber} v${k.version} @${k.boardPosition}`}</li>
            ))}
          </ul>
        </section>
      ))}
      <Notification />
    </>
  );
}

/** Answers of the board's calls; `moveAnswer` decides the move's (a promise holds it back). */
function boardApi(moveAnswer: (body: unknown) => Response | Promise<Response>, board = BOARD) {
  const reads: URLSearchParams[] = [];
  const pages: URLSearchParams[] = [];
  const moves: unknown[] = [];
  let fresh = board;
  server.use(
    http.get(apiPath('vorgang/kanban'), ({ request }) => {
      reads.push(new URL(request.url).searchParams);
      return envelope(fresh);
    }),
    http.get(apiPath('vorgang/kanban-page'), ({ request }) => {
      pages.push(new URL(request.url).searchParams);
      return envelope({
        cards: [card(99, 5, 512, 800_00), card(2, 5, 1024, 2000_00), card(3, 5, 2048, 500_00, true)],
        hasMore: false,
      });
    }),
    http.post(apiPath('vorgang/setCustomStatusForVorgang'), async ({ request }) => {
      const body = await request.json();
      moves.push(body);
      return moveAnswer(body);
    }),
  );
  return { reads, pages, moves, answerNextReadsWith: (next: KanbanBoard) => (fresh = next) };
}

async function openBoard(filter: KanbanFilter = {}) {
  let current: Board | undefined;
  renderInAdmin(<BoardUnderTest filter={filter} onBoard={(board) => (current = board)} />);
  await screen.findByRole('region', { name: 'Angebot' });
  return () => current!;
}

const cardsOf = (name: string) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const figure = (label: string) => screen.getByLabelText(label).textContent?.replace(/\s/g, ' ');

/** A promise and the function that settles it. */
function held<T>() {
  let release!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (release = resolve));
  return { promise, release };
}

const moveEvent = (event: Partial<KanbanMoveEvent>): KanbanMoveEvent => ({
  type: 'moved',
  eventId: '101',
  vorgangId: 2,
  version: 2,
  fromStatusId: 5,
  customStatusId: null,
  boardPosition: 0,
  beforeVorgangId: null,
  movedBy: 'Lena Leitung',
  at: '2026-11-27T08:00:00.000Z',
  ...event,
});

describe('Kartenansicht: the board state', () => {
  it('shows each column’s Summe and weighted sum, and what the board leaves out with links to the list', async () => {
    boardApi(() => envelope({}));
    await openBoard({ q: 'Fenster' });
    expect(figure('Summe netto Ohne Status')).toBe('1.000,00 €');
    expect(figure('Gewichtet Angebot')).toBe('1.500,00 €');
    const lost = screen.getByRole('link', { name: '3 verlorene' });
    expect(lost.getAttribute('href')).toBe('/crm/vorgang?status=verloren&q=Fenster');
    expect(screen.getByRole('link', { name: '1.200 abgerechnete Vorgänge' })).toBeTruthy();
  });

  it('says „mehr als 1.000“ left out when a quick search stopped counting', async () => {
    boardApi(() => envelope({}), { ...BOARD, leftOut: { lost: 1001, invoiced: 4, capped: true } });
    await openBoard();
    expect(screen.getByRole('link', { name: 'mehr als 1.000 verlorene' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '4 abgerechnete Vorgänge' })).toBeTruthy();
  });

  it('moves a card at once with its value, sends one request at the version read, then takes the saved version', async () => {
    const answer = held<Response>();
    const api = boardApi(() => answer.promise);
    const board = await openBoard();
    act(() => board().move(1, 5, 2));
    // Before the server answered: the card stands before V26-002 and its value moved with it.
    expect(cardsOf('Angebot')).toEqual(['V26-001 v1 @0', 'V26-002 v1 @1024', 'V26-003 v1 @2048']);
    expect(cardsOf('Ohne Status')).toEqual([]);
    expect(figure('Summe netto Ohne Status')).toBe('0,00 €');
    expect(figure('Summe netto Angebot')).toBe('3.500,00 €');
    // Won 500,00 € in full, the open 3.000,00 € at 50 %.
    expect(figure('Gewichtet Angebot')).toBe('2.000,00 €');
    await waitFor(() => expect(api.moves).toHaveLength(1));
    expect(api.moves[0]).toEqual({ vorgangId: 1, customStatusId: 5, version: 1, beforeVorgangId: 2 });
    // A second move of the same card waits for the first.
    act(() => board().move(1, null, null));
    answer.release(envelope({ id: 1, version: 2, customStatusId: 5, boardPosition: 512 }));
    await waitFor(() => expect(cardsOf('Angebot')[0]).toBe('V26-001 v2 @512'));
    expect(api.moves).toHaveLength(1);
  });

  it('puts the card back on a conflict, says why in German and reads the board again', async () => {
    const api = boardApi(() => errorEnvelope(409, MESSAGES.conflict));
    const board = await openBoard();
    expect(api.reads).toHaveLength(1);
    act(() => board().move(2, null, null));
    expect(cardsOf('Ohne Status')).toEqual(['V26-001 v1 @1024', 'V26-002 v1 @2048']);
    expect(await screen.findByText(MESSAGES.conflict)).toBeTruthy();
    expect(cardsOf('Angebot')).toEqual(['V26-002 v1 @1024', 'V26-003 v1 @2048']);
    expect(cardsOf('Ohne Status')).toEqual(['V26-001 v1 @1024']);
    expect(figure('Gewichtet Angebot')).toBe('1.500,00 €');
    expect(figure('Summe netto Ohne Status')).toBe('1.000,00 €');
    await waitFor(() => expect(api.reads).toHaveLength(2));
  });

  it('puts the card back on a server error with its message, without reading the board again', async () => {
    const api = boardApi(() => errorEnvelope(500, 'Der Vorgang konnte nicht gespeichert werden.'));
    const board = await openBoard();
    act(() => board().move(3, null, 1));
    expect(cardsOf('Ohne Status')).toEqual(['V26-003 v1 @0', 'V26-001 v1 @1024']);
    expect(await screen.findByText('Der Vorgang konnte nicht gespeichert werden.')).toBeTruthy();
    expect(cardsOf('Angebot')).toEqual(['V26-002 v1 @1024', 'V26-003 v1 @2048']);
    expect(cardsOf('Ohne Status')).toEqual(['V26-001 v1 @1024']);
    expect(api.reads).toHaveLength(1);
  });

  it('leaves a card where a colleague’s newer move put it when its own move then fails', async () => {
    const answer = held<Response>();
    boardApi(() => answer.promise);
    const board = await openBoard();
    act(() => board().move(2, null, null));
    // Meanwhile a colleague moved it back to the end of Angebot (version 2); the own move then fails.
    act(() => board().applyEvent(moveEvent({ vorgangId: 2, customStatusId: 5, boardPosition: 3072 })));
    answer.release(errorEnvelope(500, 'Der Vorgang konnte nicht gespeichert werden.'));
    expect(await screen.findByText('Der Vorgang konnte nicht gespeichert werden.')).toBeTruthy();
    expect(cardsOf('Angebot')).toEqual(['V26-003 v1 @2048', 'V26-002 v2 @3072']);
    expect(cardsOf('Ohne Status')).toEqual(['V26-001 v1 @1024']);
  });

  it('merges live moves: newer ones placed, older events and older versions ignored', async () => {
    boardApi(() => envelope({}));
    const board = await openBoard();
    act(() => board().applyEvent(moveEvent({ eventId: '100', vorgangId: 1, customStatusId: 5 })));
    expect(cardsOf('Ohne Status')).toEqual(['V26-001 v1 @1024']);
    act(() =>
      board().applyEvent(moveEvent({ vorgangId: 2, version: 3, boardPosition: 512, beforeVorgangId: 1 })),
    );
    expect(cardsOf('Ohne Status')).toEqual(['V26-002 v3 @512', 'V26-001 v1 @1024']);
    expect(figure('Summe netto Ohne Status')).toBe('3.000,00 €');
    expect(figure('Gewichtet Angebot')).toBe('500,00 €');
    // A late event of an older version of the card changes nothing.
    act(() => board().applyEvent(moveEvent({ eventId: '102', vorgangId: 2, version: 2, customStatusId: 5 })));
    expect(cardsOf('Ohne Status')).toEqual(['V26-002 v3 @512', 'V26-001 v1 @1024']);
  });

  it('reads a column again when a card it did not hold arrives among its loaded cards, then the totals', async () => {
    const api = boardApi(() => envelope({}));
    const board = await openBoard({ q: 'Fenster' });
    api.answerNextReadsWith({
      ...BOARD,
      columns: [
        BOARD.columns[0]!,
        { ...BOARD.columns[1]!, total: 3, sumNetCents: 3300_00, weightedCents: 1900_00 },
      ],
      leftOut: { lost: 2, invoiced: 1200, capped: false },
    });
    act(() => board().applyEvent(moveEvent({ vorgangId: 99, customStatusId: 5, boardPosition: 512 })));
    await waitFor(() =>
      expect(cardsOf('Angebot')).toEqual(['V26-0099 v1 @512', 'V26-002 v1 @1024', 'V26-003 v1 @2048']),
    );
    expect(api.pages[0]?.get('customStatusId')).toBe('5');
    expect(api.pages[0]?.get('q')).toBe('Fenster');
    // The totals come from one read of the board under the same filters, one card per column.
    await waitFor(() => expect(figure('Gewichtet Angebot')).toBe('1.900,00 €'));
    expect(api.reads.at(-1)?.get('perColumn')).toBe('1');
    expect(figure('Summe netto Angebot')).toBe('3.300,00 €');
    expect(screen.getByRole('link', { name: '2 verlorene' })).toBeTruthy();
  });

  it('replays a move that came while the board was being read and is newer than the read', async () => {
    const read = held<Response>();
    server.use(http.get(apiPath('vorgang/kanban'), () => read.promise));
    let current: Board | undefined;
    renderInAdmin(<BoardUnderTest filter={{}} onBoard={(board) => (current = board)} />);
    await waitFor(() => expect(current).toBeDefined());
    act(() =>
      current!.applyEvent(
        moveEvent({ vorgangId: 1, customStatusId: 5, boardPosition: 512, beforeVorgangId: 2 }),
      ),
    );
    act(() =>
      current!.applyEvent(moveEvent({ eventId: '99', vorgangId: 3, version: 2, customStatusId: null })),
    );
    read.release(envelope(BOARD));
    await screen.findByRole('region', { name: 'Angebot' });
    expect(cardsOf('Angebot')).toEqual(['V26-001 v2 @512', 'V26-002 v1 @1024', 'V26-003 v1 @2048']);
    expect(cardsOf('Ohne Status')).toEqual([]);
  });
});
