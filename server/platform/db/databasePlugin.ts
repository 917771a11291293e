import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from './database';
import type { ReadReplica } from './readReplica';
import { readsByTarget } from '../metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pooled database every area queries; its owner (start or test) closes it. */
    db: Database;
    /**
     * Where a report, an export, dashboard figures or the search read: the read replica when there is one, it
     * is within its lag and this person wrote nothing in the last moments; otherwise `db`.
     */
    readDb: (request: FastifyRequest) => Database;
  }
}

/** The cookie that sends a person's reads to the primary for a while after a write (read-your-writes). */
export const PRIMARY_COOKIE = 'fenster_primary_until';

// Writes no screen reads back (the usage analytics' sign-in and download counts): they keep the replica.
const unseenWrites = new WeakSet<FastifyRequest>();

/** Marks a write whose result no screen reads back, so it does not send the person's next reads to the primary. */
export function writesNothingReadBack(request: FastifyRequest): void {
  unseenWrites.add(request);
}

const wroteRecently = (request: FastifyRequest) => {
  const match = new RegExp(`(?:^|;\\s*)${PRIMARY_COOKIE}=(\\d+)`).exec(request.headers.cookie ?? '');
  return match !== null && Number(match[1]) > Date.now();
};

/**
 * Makes the database reachable as `app.db` in every area, and `app.readDb(request)` for the reads that may come
 * from a replica. After a successful write the answer sets a cookie for the replica's allowed lag (plus a check's
 * second): until it expires that browser's reads go to the primary, so a person sees their own change at once.
 * The cookie, not the instance, remembers it, so any instance behind the load balancer decides alike.
 */
export const databasePlugin = fp<{ db: Database; replica?: ReadReplica }>(async (app, options) => {
  const { db, replica } = options;
  app.decorate('db', db);
  app.decorate('readDb', (request: FastifyRequest) => {
    if (!replica) return db;
    const reason = wroteRecently(request) ? 'eigene_aenderung' : replica.usable() ? 'replik' : 'umgangen';
    readsByTarget.inc({ target: reason === 'replik' ? 'replica' : 'primary', reason });
    return reason === 'replik' ? replica.db : db;
  });
  if (!replica) return;
  app.addHook('onSend', async (request, reply) => {
    if (['GET', 'HEAD', 'OPTIONS'].includes(request.method) || reply.statusCode >= 400) return;
    if (unseenWrites.has(request)) return;
    const seconds = Math.ceil(replica.maxLagMs / 1000) + 1;
    const secure = request.protocol === 'https' ? '; Secure' : '';
    reply.header(
      'set-cookie',
      `${PRIMARY_COOKIE}=${Date.now() + seconds * 1000}; Path=/; Max-Age=${seconds}; HttpOnly; SameSite=Lax${secure}`,
    );
  });
});
