import fp from 'fastify-plugin';
import { BackgroundJobs } from './backgroundJobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Long jobs of this instance (mapping cache, data sync), one per table across instances. */
    jobs: BackgroundJobs;
  }
}

/** Provides `app.jobs`; needs `app.db`. */
export const jobsPlugin = fp(
  async (app) => {
    const jobs = new BackgroundJobs(app.db, app.log);
    app.decorate('jobs', jobs);
    // Shutdown waits for this instance's jobs, so none is left 'laeuft' without a heartbeat.
    app.addHook('onClose', () => jobs.drain());
  },
  { decorators: { fastify: ['db'] } },
);
