import fp from 'fastify-plugin';
import { schedulePeriodicJob } from '../jobs/periodicJob';
import { pruneIdempotencyKeys } from './pruneKeys';

/** Prunes old Idempotency-Keys in the background while the app runs; needs `app.db`. */
export const idempotencyPlugin = fp(
  async (app) => {
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = schedulePeriodicJob(app.db, app.log, pruneIdempotencyKeys);
    });
    app.addHook('onClose', async () => stop?.());
  },
  { decorators: { fastify: ['db'] } },
);
