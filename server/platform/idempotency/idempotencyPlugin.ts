import fp from 'fastify-plugin';
import { pruneIdempotencyKeys } from './pruneKeys';

/** Prunes old Idempotency-Keys in the background (a periodic job); needs `app.jobs`. */
export const idempotencyPlugin = fp(
  async (app) => {
    app.jobs.register(pruneIdempotencyKeys);
  },
  { decorators: { fastify: ['db', 'jobs'] } },
);
