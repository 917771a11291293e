import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNotify } from 'react-admin';
import { useEndpointClient } from '../../../api/useEndpoint';
import { setCustomStatusForVorgang } from '../vorgang.endpoints';
import {
  appendPage,
  boardFromServer,
  findCard,
  isAfterEvent,
  isLoadedPosition,
  patchCard,
  placeCard,
  placementOf,
  replaceCards,
  withTotals,
  type BoardState,
} from './boardState';
import { getKanban, getKanbanPage } from './kanban.endpoints';
import { FIRST_CARDS, takeArrivedBoard, takeStartedBoard } from './prefetchKanban';
import type { KanbanMoveEvent } from './kanbanTypes';
import type { KanbanFilter } from './useKanbanFilter';

const PAGE_SIZE = 50;
/** Events kept to replay over a board read that was under way when they came. */
const REPLAY_EVENTS = 200;

const statusOf = (error: unknown) => (error as { status?: number }).status;
const messageOf = (error: unknown) =>
  (error as { message?: string }).message || 'Der Vorgang konnte nicht verschoben werden.';

/**
 * The board's state and its changes: reading it under the filters, loading more of a column, moving a card
 * (optimistic, one request, back on failure with the server's German message) and others' moves from the
 * event stream.
 */
export function useKanbanBoard(filterInput: KanbanFilter) {
  const client = useEndpointClient();
  const notify = useNotify();
  // Same filters, same object: the address may change for other reasons (the opened card, its tab).
  const filterKey = JSON.stringify(filterInput);
  const filter = useMemo(() => JSON.parse(filterKey) as KanbanFilter, [filterKey]);
  const [board, setBoard] = useState<BoardState | null>(() => {
    const arrived = takeArrivedBoard({ ...filter, perColumn: FIRST_CARDS });
    return arrived && boardFromServer(arrived);
  });
  // The board of the first render came from the read started with the app's code: the first load is done.
  const loadedAtStart = useRef(board !== null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const boardRef = useRef(board);
  // Every change goes through here, so event handlers read the newest board before React renders it.
  const update = useCallback((change: (state: BoardState | null) => BoardState | null) => {
    boardRef.current = change(boardRef.current);
    setBoard(boardRef.current);
  }, []);
  const reads = useRef(0);
  const recentEvents = useRef<KanbanMoveEvent[]>([]);
  const loadingColumns = useRef(new Set<number>());

  const load = useCallback(async () => {
    const read = ++reads.current;
    try {
      const query = { ...filter, perColumn: FIRST_CARDS };
      // The first read of this page load may have been started with the app's code (prefetchKanban).
      const readBoard = () => client.call(getKanban, { query });
      const fresh = await (takeStartedBoard(query)?.catch(readBoard) ?? readBoard());
      if (read !== reads.current) return;
      let next = boardFromServer(fresh);
      // Moves that arrived while the board was read and are newer than it.
      for (const event of recentEvents.current) {
        if (isAfterEvent(event.eventId, fresh.lastEventId))
          next = placeCard(next, placementOfEvent(event)).state;
      }
      update(() => next);
      setError(null);
    } catch (failure) {
      if (read === reads.current) setError(messageOf(failure));
    }
  }, [client, filter, update]);

  // Under new filters the old board stays until the new one is read; quick changes in a row read once.
  useEffect(() => {
    if (loadedAtStart.current) {
      loadedAtStart.current = false;
      return;
    }
    const timer = setTimeout(() => void load(), 0);
    return () => clearTimeout(timer);
  }, [load]);

  /** Reads the totals again (after moves of cards this board does not hold, which may or may not match). */
  const totalsTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refreshTotals = useCallback(() => {
    clearTimeout(totalsTimer.current);
    totalsTimer.current = setTimeout(() => {
      void client
        .call(getKanban, { query: { ...filter, perColumn: 1 } })
        .then((fresh) => update((current) => current && withTotals(current, fresh)))
        .catch(() => undefined);
    }, 300);
  }, [client, filter, update]);
  useEffect(() => () => clearTimeout(totalsTimer.current), []);

  /** Reads the loaded part of one column again (a card it did not know entered it). */
  const reloadColumn = useCallback(
    async (customStatusId: number | null) => {
      const column = boardRef.current?.columns.find((c) => c.customStatusId === customStatusId);
      if (!column) return;
      const page = await client.call(getKanbanPage, {
        query: {
          ...filter,
          customStatusId: customStatusId ?? 0,
          afterPosition: 0,
          limit: Math.min(100, Math.max(column.cards.length + 1, FIRST_CARDS)),
        },
      });
      update((current) => current && replaceCards(current, customStatusId, page.cards, page.hasMore));
    },
    [client, filter, update],
  );

  /** Loads the next cards of a column (called as its end comes into view). */
  const loadMore = useCallback(
    async (customStatusId: number | null) => {
      const key = customStatusId ?? 0;
      const column = boardRef.current?.columns.find((c) => c.customStatusId === customStatusId);
      if (!column?.hasMore || loadingColumns.current.has(key)) return;
      loadingColumns.current.add(key);
      const last = column.cards[column.cards.length - 1];
      try {
        const page = await client.call(getKanbanPage, {
          query: {
            ...filter,
            customStatusId: key,
            afterPosition: last?.boardPosition ?? 0,
            ...(last ? { afterId: last.id } : {}),
            limit: PAGE_SIZE,
          },
        });
        update((current) => current && appendPage(current, customStatusId, page.cards, page.hasMore));
      } catch (failure) {
        notify(messageOf(failure), { type: 'error' });
      } finally {
        loadingColumns.current.delete(key);
      }
    },
    [client, filter, notify, update],
  );

  /** Moves a card at once and saves it with one request; on failure it goes back and the reason is shown. */
  const move = useCallback(
    (vorgangId: number, toStatusId: number | null, beforeVorgangId: number | null) => {
      const current = boardRef.current;
      if (!current || pending.has(vorgangId)) return;
      const found = findCard(current, vorgangId);
      const before = placementOf(current, vorgangId);
      if (!found || !before) return;
      if (before.toStatusId === toStatusId && before.beforeVorgangId === beforeVorgangId) return;
      const sentVersion = found.card.version;
      update((state) => state && placeCard(state, { vorgangId, toStatusId, beforeVorgangId }).state);
      setPending((ids) => new Set(ids).add(vorgangId));
      client
        .call(setCustomStatusForVorgang, {
          body: { vorgangId, customStatusId: toStatusId, version: sentVersion, beforeVorgangId },
        })
        .then((saved) =>
          update((state) => {
            const now = state && findCard(state, vorgangId);
            if (!state || !now || now.card.version > saved.version) return state;
            return patchCard(state, vorgangId, {
              version: saved.version,
              boardPosition: saved.boardPosition,
            });
          }),
        )
        .catch((failure: unknown) => {
          update((state) => {
            const now = state && findCard(state, vorgangId);
            // Someone else's move already arrived over the stream: the card stands where they put it.
            if (!state || (now && now.card.version > sentVersion)) return state;
            return placeCard(state, before).state;
          });
          notify(messageOf(failure), { type: 'error', autoHideDuration: 8000 });
          if (statusOf(failure) === 409) void load();
        })
        .finally(() =>
          setPending((ids) => {
            const next = new Set(ids);
            next.delete(vorgangId);
            return next;
          }),
        );
    },
    [client, load, notify, pending, update],
  );

  /** Applies a move from the event stream (anyone's, own ones included: placing twice changes nothing). */
  const applyEvent = useCallback(
    (event: KanbanMoveEvent) => {
      recentEvents.current = [...recentEvents.current.slice(-(REPLAY_EVENTS - 1)), event];
      const current = boardRef.current;
      if (!current || !isAfterEvent(event.eventId, current.lastEventId)) return;
      const known = findCard(current, event.vorgangId);
      if (known && known.card.version > event.version) return;
      const { state, unknown } = placeCard(current, placementOfEvent(event));
      update(() => ({ ...state, lastEventId: event.eventId }));
      if (unknown) {
        // A card this board did not hold: it may not match the filters, or lies below the loaded cards.
        const target = current.columns.find((c) => c.customStatusId === event.customStatusId);
        if (target && isLoadedPosition(target, event.boardPosition)) void reloadColumn(event.customStatusId);
        refreshTotals();
      }
    },
    [refreshTotals, reloadColumn, update],
  );

  return { board, error, pending, move, loadMore, applyEvent, reload: load };
}

const placementOfEvent = (event: KanbanMoveEvent) => ({
  vorgangId: event.vorgangId,
  toStatusId: event.customStatusId,
  beforeVorgangId: event.beforeVorgangId,
  boardPosition: event.boardPosition,
  version: event.version,
  customStatusSince: event.fromStatusId === event.customStatusId ? undefined : event.at,
});
