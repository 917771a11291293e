import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { connectionStringOf, type Database } from '../platform/db/database';
import { listenOn } from '../platform/db/pgListener';
import { ApiError } from '../platform/http/apiError';

/** Open streams one person may hold on one instance (tabs, phone and desk), and all together. */
const STREAMS_PER_USER = 6;
const STREAMS_TOTAL = 2_000;
const HEARTBEAT_MS = 15_000;
const MAX_BUFFERED_BYTES = 100_000;
const RELOAD_FRAME = 'event: reload\ndata: {}\n\n';

interface Client {
  res: ServerResponse;
  userId: number;
}

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
  const clients = new Set<Client>();
  const drop = (client: Client) => {
    clients.delete(client);
    if (!client.res.writableEnded) client.res.end();
  };
  const write = (client: Client, chunk: string) => {
    if (client.res.writableEnded || client.res.destroyed) return drop(client);
    client.res.write(chunk);
    if (client.res.writableLength > MAX_BUFFERED_BYTES) drop(client);
  };
  let first = true;
  const listener = listenOn(connectionStringOf(db), 'notification', {
    onNotification: (payload) => {
      const [user, id] = payload.split(':').map(Number);
      for (const client of clients) {
        if (client.userId === user) write(client, `event: notification\ndata: ${JSON.stringify({ id })}\n\n`);
      }
    },
    onListening: () => {
      if (!first) for (const client of clients) write(client, RELOAD_FRAME);
      first = false;
    },
    log,
  });
  const heartbeat = setInterval(() => {
    for (const client of clients) write(client, ': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    open(reply, userId) {
      let own = 0;
      for (const client of clients) if (client.userId === userId) own += 1;
      if (own >= STREAMS_PER_USER) {
        throw new ApiError(
          429,
          `Zu viele offene Live-Verbindungen: höchstens ${STREAMS_PER_USER} je Person.`,
        );
      }
      if (clients.size >= STREAMS_TOTAL) {
        throw new ApiError(
          503,
          'Die Live-Aktualisierung ist gerade ausgelastet. Bitte versuchen Sie es gleich erneut.',
        );
      }
      // Out of Fastify's pipeline: no envelope, no compression (it would hold the events in its buffer).
      reply.hijack();
      const res = reply.raw;
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) res.setHeader(name, value);
      }
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.socket?.setNoDelay(true);
      const client: Client = { res, userId };
      clients.add(client);
      res.on('close', () => clients.delete(client));
      res.write('retry: 3000\n: verbunden\n\n');
    },
    close: async () => {
      clearInterval(heartbeat);
      for (const client of clients) {
        write(client, 'retry: 500\n\n');
        drop(client);
      }
      await listener.close();
    },
  };
}
