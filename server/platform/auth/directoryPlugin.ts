import fp from 'fastify-plugin';
import type { Directory } from './directory';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where Admin-Benutzer finds people: Graph in production, the demo user file in development. */
    directory: Directory;
  }
}

/** Provides `app.directory`. */
export const directoryPlugin = fp<{ directory: Directory }>(async (app, options) => {
  app.decorate('directory', options.directory);
});
