import type { EventSourceMessage } from 'eventsource-parser';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { pathOf } from '../../../api/endpoint';
import type { CrmDataProvider } from '../../../dataProvider/entityDataProvider';
import { readEventStream } from '../../kit/eventStreamReader';
import { getKanbanEvents } from './kanban.endpoints';
import type { KanbanMoveEvent } from './kanbanTypes';

/** Whether others' moves arrive: connected, (re)connecting, or cut off (then retried with a growing pause). */
export type LiveState = 'verbinden' | 'live' | 'unterbrochen';

/**
 * Reads the board's event stream (Server-Sent Events over fetch, with the token), from `startAfter` on:
 * `moved` goes to `onMove`, `reload` to `onReload`. Reconnects (kit's `readEventStream`) and resumes with
 * Last-Event-ID.
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
  const onMessage = useEffectEvent((message: EventSourceMessage) => {
    if (message.event === 'moved') onMove(JSON.parse(message.data) as KanbanMoveEvent);
    else if (message.event === 'reload') onReload();
  });
  // Once the first board is read the stream stays open; a new read under other filters resumes it as it is.
  const [from, setFrom] = useState<string | null>(null);
  if (from === null && startAfter !== null) setFrom(startAfter);
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (from === null || !dataProvider.stream) return;
    lastEventId.current ??= from;
    return readEventStream(dataProvider.stream, pathOf(getKanbanEvents), {
      headers: (): Record<string, string> =>
        lastEventId.current ? { 'Last-Event-ID': lastEventId.current } : {},
      onOpen: () => setState('live'),
      onCutOff: () => setState('unterbrochen'),
      onEvent: (message) => {
        if (message.id) lastEventId.current = message.id;
        onMessage(message);
      },
    });
  }, [from, dataProvider]);

  return state;
}
