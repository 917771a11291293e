import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';

/** What a job's handler gets besides its data. */
export interface JobContext {
  /** The instance the job runs on (its database, mailer, time zone, log). */
  app: FastifyInstance;
  /** The library's id of this job (a UUID). */
  jobId: string;
  /** 0 on the first try, 1 on the first retry … */
  retryCount: number;
  /** Whether a failure now is the last one (the job then goes to the failed jobs, Admin → Hintergrundaufgaben). */
  lastTry: boolean;
  /** Aborted when the instance stops without waiting (graceful drain waits for the handler instead). */
  signal: AbortSignal;
}

/**
 * One kind of background job: a queue of the job library (pg-boss), its retry rules, and the handler every
 * instance runs. A kind with `schedule` is periodic: the library creates one job per period across all
 * instances, whichever instance sees the period first. Declared in the area that owns the work
 * (server/platform/jobs/README.md: the recipe).
 */
export interface JobKind<Data extends object = Record<string, never>> {
  /** The queue's name, `<area>.<what>` (letters, digits, dots, dashes); also the job's name on /metrics. */
  name: string;
  /** What it does, in German, for Admin → Hintergrundaufgaben and the log. */
  label: string;
  /** Runs one job; a throw is a failed try (retried with backoff, then kept as failed). Answers what it did. */
  run: (data: Data, context: JobContext) => Promise<unknown>;
  /** A cron line (minute hour day month weekday) in the tenant's time zone: a periodic job. */
  schedule?: string;
  /** Retries after the first try (default 2), the first wait in seconds (default 30), doubled each time. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The longest a try may take before it counts as failed (default 15 minutes). */
  expireInSeconds?: number;
  /**
   * `singleton`: at most one of its jobs runs at a time across all instances (a periodic chore, a rebuild);
   * `exclusive`: at most one is queued or running at all (a second `send` is refused). Default: any number.
   */
  policy?: 'standard' | 'singleton' | 'exclusive';
  /** Jobs this instance runs at once (default 1). */
  concurrency?: number;
  /** How often an idle instance looks for new jobs, in seconds (default 2, periodic 15; the queuing instance wakes at once). */
  pollSeconds?: number;
  /**
   * After each job the worker looks for the next one at once instead of waiting out `pollSeconds`: for a queue
   * that gets thousands of short jobs at a time (automation runs), where the poll would set the pace.
   */
  drainBacklog?: boolean;
  /** A short German line for the failed-jobs list: which record, which mail (never personal data beyond ids). */
  describe?: (data: Data) => string;
  /**
   * Before "Erneut versuchen" of a failed job, in the transaction that retries it: sets its records back for
   * another try (a failed mail waits again). False: nothing left to try (the job stays failed).
   */
  beforeRetry?: (data: Data, context: { db: Database; jobId: string }) => Promise<boolean>;
}

const NAME = /^[a-z][a-zA-Z0-9]*(\.[a-z][a-zA-Z0-9-]*)+$/;

/** Declares a job kind (checked once here, so a typo in a name fails at start, not at the first send). */
export function defineJob<Data extends object = Record<string, never>>(kind: JobKind<Data>): JobKind<Data> {
  if (!NAME.test(kind.name)) {
    throw new Error(`Der Aufgabenname „${kind.name}“ passt nicht zum Muster <bereich>.<was>.`);
  }
  return Object.freeze(kind);
}
