import { createParser } from 'eventsource-parser';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { pathOf } from '../../../api/endpoint';
import type { CrmDataProvider } from '../../../dataProvider/entityDataProvider';
import { getKanbanEvents } from './kanban.endpoints';
import type { KanbanMoveEvent } from './kanbanTypes';

/** Whether others' moves arrive: connected, (re)connecting, or cut off (then retried with a growing pause). */
export type LiveState = 'verbinden' | 'live' | 'unterbrochen';

/** The server sends a comment at least every 15 s; this long a silence means the connection is dead. */
const SILENCE_MS = 40_000;
const MAX_PAUSE_MS = 15_000;

/**
 * Reads the board's event stream (Server-Sent Events over fetch, with the token), from `startAfter` on:
 * `moved` goes to `onMove`, `reload` to `onReload`. Reconnects with backoff and resumes with Last-Event-ID.
 */
export function useKanbanEvents({
  startAfter,
  onMove,
  onReload,
}: {
  /** The board's lastEventId; null while the board is not read yet (then nothing connects). */
  startAfter: string | null;
  onMove: (event: KanbanMoveEvent) => void;
  onReload: () => void;
}): LiveState {
  const dataProvider = useDataProvider<CrmDataProvider>();
  const [state, setState] = useState<LiveState>('verbinden');
  const handlers = useRef({ onMove, onReload });
  handlers.current = { onMove, onReload };
  const lastEventId = useRef<string | null>(null);
  if (lastEventId.current === null && startAfter !== null) lastEventId.current = startAfter;
  // Once the first board is read the stream stays open; a new read under other filters resumes it as it is.
  const connected = lastEventId.current !== null;

  useEffect(() => {
    if (!connected || !dataProvider.stream) return;
    const stream = dataProvider.stream;
    let stopped = false;
    let controller = new AbortController();
    let failures = 0;
    let pauseTimer: ReturnType<typeof setTimeout> | undefined;
    let wake = () => {};

    async function readOnce() {
      controller = new AbortController();
      let silence: ReturnType<typeof setTimeout> | undefined;
      const alive = () => {
        clearTimeout(silence);
        silence = setTimeout(() => controller.abort(), SILENCE_MS);
      };
      const parser = createParser({
        onEvent(message) {
          alive();
          if (message.id) lastEventId.current = message.id;
          if (message.event === 'moved') handlers.current.onMove(JSON.parse(message.data) as KanbanMoveEvent);
          else if (message.event === 'reload') handlers.current.onReload();
        },
        onComment: alive,
      });
      try {
        const headers: Record<string, string> = lastEventId.current
          ? { 'Last-Event-ID': lastEventId.current }
          : {};
        const response = await stream(pathOf(getKanbanEvents), { headers, signal: controller.signal });
        setState('live');
        failures = 0;
        alive();
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          parser.feed(value);
        }
      } catch {
        // Cut off, refused or aborted: retried below unless the board was left.
      } finally {
        clearTimeout(silence);
      }
    }

    async function run() {
      while (!stopped) {
        await readOnce();
        if (stopped) return;
        setState('unterbrochen');
        failures += 1;
        const pause = Math.min(MAX_PAUSE_MS, 500 * 2 ** (failures - 1)) * (0.75 + Math.random() * 0.5);
        await new Promise<void>((resolve) => {
          wake = resolve;
          pauseTimer = setTimeout(resolve, pause);
        });
      }
    }
    // Back online: try at once instead of waiting out the pause.
    const online = () => {
      clearTimeout(pauseTimer);
      failures = 0;
      wake();
    };
    window.addEventListener('online', online);
    void run();
    return () => {
      stopped = true;
      clearTimeout(pauseTimer);
      wake();
      controller.abort();
      window.removeEventListener('online', online);
    };
  }, [connected, dataProvider]);

  return state;
}
