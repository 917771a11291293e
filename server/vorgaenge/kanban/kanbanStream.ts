import type { FastifyReply } from 'fastify';
import type { KanbanMoveEvent } from '../../../src/resources/vorgaenge/kanban/kanbanTypes';
import type { Database } from '../../platform/db/database';
import { startListenHub, STREAMS_PER_OWNER, type HubClient } from '../../platform/live/listenHub';
import { watchStreams } from '../../platform/metrics/metrics';
import { eventsAfter, KANBAN_CHANNEL, newestEventId } from './kanbanEventQueries';

/** The reconnect pause a stream ending at shutdown asks for (the `retry:` field of Server-Sent Events). */
export const RECONNECT_AFTER_SHUTDOWN_MS = 500;
// A reconnecting stream gets at most this many missed events; beyond, reading the board again is cheaper.
const REPLAY_LIMIT = 1_000;
// How many events an instance reads per round while fanning out.
const FAN_OUT_BATCH = 500;
// A client that does not read (its socket buffer beyond this) is dropped; it reconnects and replays.
const MAX_BUFFERED_BYTES = 1_000_000;

interface Client extends HubClient {
  /** The person's oid. */
  owner: string;
  /** The newest event id written to this client. */
  cursor: number;
  /** While the client's replay is read: live events wait here, in order. */
  queue: KanbanMoveEvent[] | null;
}

const movedFrame = (event: KanbanMoveEvent) =>
  `id: ${event.eventId}\nevent: moved\ndata: ${JSON.stringify(event)}\n\n`;
const RECONNECT_FRAME = `retry: ${RECONNECT_AFTER_SHUTDOWN_MS}\n: Server wird neu gestartet\n\n`;
const RELOAD_FRAME = `event: reload\ndata: ${JSON.stringify({ type: 'reload' })}\n\n`;

/** The board's live events of one server instance: one LISTEN connection, fanned out to its SSE clients. */
export interface KanbanHub {
  /** Answers the request with the event stream (after the route's group check), resuming after `lastEventId`. */
  open: (reply: FastifyReply, oid: string, lastEventId: number | undefined) => Promise<void>;
  /** Open streams, for tests and logs. */
  readonly streams: number;
  /** Ends every stream (clients reconnect elsewhere) and the LISTEN connection. */
  close: () => Promise<void>;
}

/**
 * Starts the instance's hub: it LISTENs on `kanban_event` over a connection of its own; each notification (and
 * each reconnect of that connection) makes it read the events after the last one it fanned out from the
 * table, so moves from every instance arrive in id order, once, even after the LISTEN connection was away.
 */
export async function startKanbanHub(db: Database, log: (message: string) => void): Promise<KanbanHub> {
  let delivered = await newestEventId(db);
  let pumping = false;
  let pumpAgain = false;
  let closed = false;
  const hub = startListenHub<Client>(db, {
    channel: KANBAN_CHANNEL,
    onNotification: () => void pump(),
    onListening: () => void pump(),
    tooManyMessage: `Zu viele offene Live-Verbindungen: höchstens ${STREAMS_PER_OWNER} je Person. Bitte schließen Sie andere Fenster der Kartenansicht.`,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    log,
  });
  const { clients, write } = hub;
  const unwatch = watchStreams(() => clients.size);
  const deliver = (client: Client, event: KanbanMoveEvent) => {
    if (client.queue) return void client.queue.push(event);
    const id = Number(event.eventId);
    if (id <= client.cursor) return;
    write(client, movedFrame(event));
    client.cursor = id;
  };

  // Reads what is new since `delivered` and fans it out; notifications arriving meanwhile make it go again.
  async function pump(): Promise<void> {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = true;
    try {
      do {
        pumpAgain = false;
        const next = await eventsAfter(db, delivered, FAN_OUT_BATCH);
        if (next.reload) {
          // This instance was away longer than the table keeps events: every stream must read the board again.
          delivered = await newestEventId(db);
          for (const client of clients) {
            if (client.queue) continue;
            write(client, RELOAD_FRAME);
            client.cursor = delivered;
          }
          continue;
        }
        for (const event of next.events) {
          delivered = Number(event.eventId);
          for (const client of clients) deliver(client, event);
        }
        if (next.more) pumpAgain = true;
      } while (pumpAgain && !closed);
    } catch (error) {
      log(
        `Kartenansicht: Ereignisse nicht gelesen (${error instanceof Error ? error.message : String(error)}).`,
      );
      if (!closed) setTimeout(() => void pump(), 1000).unref();
    } finally {
      pumping = false;
    }
  }

  async function open(reply: FastifyReply, oid: string, lastEventId: number | undefined) {
    const client = hub.open(reply, oid, (res) => ({
      res,
      owner: oid,
      cursor: delivered,
      queue: lastEventId === undefined ? null : [],
    }));
    if (lastEventId === undefined) return;
    try {
      const replay = await eventsAfter(db, lastEventId, REPLAY_LIMIT);
      if (replay.reload || replay.more) {
        write(client, RELOAD_FRAME);
        client.cursor = lastEventId;
      } else {
        client.cursor = lastEventId;
        for (const event of replay.events) {
          write(client, movedFrame(event));
          client.cursor = Number(event.eventId);
        }
      }
    } catch {
      write(client, RELOAD_FRAME);
    }
    const waiting = client.queue ?? [];
    client.queue = null;
    for (const event of waiting) deliver(client, event);
  }

  return {
    open,
    get streams() {
      return clients.size;
    },
    close: async () => {
      closed = true;
      unwatch();
      // The instance stops (a restart): each stream ends with a short reconnect hint, so the browser comes
      // back at once (through the load balancer, to another instance) and resumes after its Last-Event-ID.
      await hub.close(RECONNECT_FRAME);
    },
  };
}
