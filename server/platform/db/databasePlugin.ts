import fp from 'fastify-plugin';
import type { Database } from './database';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pooled database every area queries; its owner (start or test) closes it. */
    db: Database;
  }
}

/** Makes the database reachable as `app.db` in every area. */
export const databasePlugin = fp<{ db: Database }>(async (app, options) => {
  app.decorate('db', options.db);
});
