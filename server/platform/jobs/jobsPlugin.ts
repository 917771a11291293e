import fp from 'fastify-plugin';
import { JobQueue } from './jobQueue';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job library of this instance: register job kinds, queue jobs, the failed ones (server/platform/jobs). */
    jobs: JobQueue;
  }
}

/** How long a drain waits for the jobs in hand by default (SHUTDOWN_TIMEOUT_MS is the instance's own). */
const DRAIN_TIMEOUT_MS = 20_000;

/** Settings of the job library. */
export interface JobOptions {
  /** How long a close waits for the jobs in hand (default 20 s). */
  drainTimeoutMs?: number;
  /** How often an instance looks for due periodic jobs (default 30 s; the library allows 1 and more). */
  cronMonitorSeconds?: number;
}

/**
 * Provides `app.jobs`; needs `app.db` and `app.timeZone`. Areas register their job kinds while they load; the
 * library starts once all are loaded (before the instance serves), and a close (SIGTERM's drain, tests) stops
 * taking jobs and waits for those in hand.
 */
export const jobsPlugin = fp(
  async (app, options: JobOptions) => {
    const jobs = new JobQueue(app.db, app, { cronMonitorSeconds: options.cronMonitorSeconds ?? 30 });
    app.decorate('jobs', jobs);
    app.addHook('onReady', () => jobs.start());
    app.addHook('onClose', () => jobs.drain(options.drainTimeoutMs ?? DRAIN_TIMEOUT_MS));
  },
  { decorators: { fastify: ['db', 'timeZone'] } },
);
