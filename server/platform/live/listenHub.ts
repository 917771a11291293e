import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import { connectionStringOf, type Database } from '../db/database';
import { listenOn } from '../db/pgListener';
import { ApiError } from '../http/apiError';

/** Open streams one person may hold on one instance (tabs, phone and desk), and all together. */
export const STREAMS_PER_OWNER = 6;
const STREAMS_TOTAL = 2_000;
/** A comment line this often keeps proxies and the socket's idle timeout from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;

/** One open event stream: the raw response and whose it is (the per-person limit counts by `owner`). */
export interface HubClient {
  res: ServerResponse;
  owner: string | number;
}

/** What an area's hub does with its channel and its streams. */
export interface ListenHubOptions {
  /** The PostgreSQL channel the area's writers NOTIFY on. */
  channel: string;
  /** Each notification's payload, from whichever instance sent it. */
  onNotification: (payload: string) => void;
  /** LISTEN is in place, first and after every reconnect (what came meanwhile was not announced). */
  onListening: () => void;
  /** The German 429 when one person opens more than `STREAMS_PER_OWNER` streams. */
  tooManyMessage: string;
  /** A client whose socket buffer grows beyond this (it does not read) is dropped; it reconnects. */
  maxBufferedBytes: number;
  log: (message: string) => void;
}

/** The live streams of one instance for one channel: one LISTEN connection, fanned out to its SSE clients. */
export interface ListenHub<C extends HubClient> {
  readonly clients: ReadonlySet<C>;
  /** Answers the request with the event stream (after the route's checks) and adds the client `make` builds. */
  open: (reply: FastifyReply, owner: C['owner'], make: (res: ServerResponse) => C) => C;
  /** Writes a frame, dropping a client that is gone or does not read. */
  write: (client: C, chunk: string) => void;
  /** Ends every stream with `lastFrame` (e.g. a reconnect hint) and the LISTEN connection. */
  close: (lastFrame: string) => Promise<void>;
}

/**
 * Starts a hub: LISTENs on `options.channel` over a connection of its own, keeps the streams alive with a
 * heartbeat, and holds the limits; what a notification means for which stream is the area's (`onNotification`).
 */
export function startListenHub<C extends HubClient>(db: Database, options: ListenHubOptions): ListenHub<C> {
  const clients = new Set<C>();
  let closed = false;
  const drop = (client: C) => {
    clients.delete(client);
    if (!client.res.writableEnded) client.res.end();
  };
  const write = (client: C, chunk: string) => {
    if (client.res.writableEnded || client.res.destroyed) return drop(client);
    client.res.write(chunk);
    if (client.res.writableLength > options.maxBufferedBytes) drop(client);
  };
  const listener = listenOn(connectionStringOf(db), options.channel, {
    onNotification: options.onNotification,
    onListening: options.onListening,
    log: options.log,
  });
  const heartbeat = setInterval(() => {
    for (const client of clients) write(client, ': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    clients,
    write,
    open(reply, owner, make) {
      let own = 0;
      for (const client of clients) if (client.owner === owner) own += 1;
      if (own >= STREAMS_PER_OWNER) throw new ApiError(429, options.tooManyMessage);
      if (clients.size >= STREAMS_TOTAL || closed) {
        throw new ApiError(
          503,
          'Die Live-Aktualisierung ist gerade ausgelastet. Bitte versuchen Sie es gleich erneut.',
        );
      }
      // The reply leaves Fastify's pipeline: no serializer, no envelope and no compression (a compressed event
      // stream would sit in the encoder's buffer). Headers set so far (security headers) go along.
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
      const client = make(res);
      clients.add(client);
      res.on('close', () => clients.delete(client));
      res.write('retry: 3000\n: verbunden\n\n');
      return client;
    },
    async close(lastFrame) {
      closed = true;
      clearInterval(heartbeat);
      for (const client of clients) {
        write(client, lastFrame);
        drop(client);
      }
      await listener.close();
    },
  };
}
