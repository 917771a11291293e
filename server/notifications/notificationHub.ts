import type { FastifyReply } from 'fastify';
import type { Database } from '../platform/db/database';
import { startListenHub, STREAMS_PER_OWNER, type HubClient } from '../platform/live/listenHub';

const MAX_BUFFERED_BYTES = 100_000;
const RELOAD_FRAME = 'event: reload\ndata: {}\n\n';

/** The live notifications of one instance: one LISTEN connection, fanned out to its people's streams. */
export interface NotificationHub {
  open: (reply: FastifyReply, userId: number) => void;
  close: () => Promise<void>;
}

/**
 * Starts the instance's hub: the table's trigger announces each new notification (`<user id>:<id>`) on the
 * channel `notification`, from whichever instance wrote it; this one passes it to the person's open streams.
 * After its LISTEN connection was away, every stream is told to read the count again (`reload`).
 */
export function startNotificationHub(db: Database, log: (message: string) => void): NotificationHub {
  let first = true;
  const hub = startListenHub<HubClient & { owner: number }>(db, {
    channel: 'notification',
    onNotification: (payload) => {
      const [user, id] = payload.split(':').map(Number);
      for (const client of hub.clients) {
        if (client.owner === user)
          hub.write(client, `event: notification\ndata: ${JSON.stringify({ id })}\n\n`);
      }
    },
    onListening: () => {
      if (!first) for (const client of hub.clients) hub.write(client, RELOAD_FRAME);
      first = false;
    },
    tooManyMessage: `Zu viele offene Live-Verbindungen: höchstens ${STREAMS_PER_OWNER} je Person.`,
    maxBufferedBytes: MAX_BUFFERED_BYTES,
    log,
  });
  return {
    open: (reply, userId) => void hub.open(reply, userId, (res) => ({ res, owner: userId })),
    close: () => hub.close('retry: 500\n\n'),
  };
}
