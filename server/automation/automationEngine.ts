import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../platform/db/database';
import { QueueWorker } from '../platform/jobs/queueWorker';
import type { PeriodicJob } from '../platform/jobs/periodicJob';
import { matchEvents, sweepTimeTriggers } from './makeRuns';
import { mayStartRun } from './rateCap';
import { executeRun, type RunDeps } from './runExecutor';
import { releaseStuckRuns, RunQueue } from './runQueue';

/** Looks for record events this often when idle (the database writes them; no process is told). */
const EVENT_POLL_MS = 1_000;

/** Turns the record events into runs, batch after batch, and lets the run workers know. */
class EventMatcher extends QueueWorker {
  made = 0;

  constructor(
    private readonly deps: RunDeps,
    private readonly onRuns: () => void,
  ) {
    super(deps.log, { pollMs: EVENT_POLL_MS, batch: 20, failureMessage: 'Automatisierung: Ereignisse nicht zugeordnet' });
  }

  protected async takeOne(): Promise<boolean> {
    const { events, runs } = await matchEvents(this.deps.db, this.deps.zone, this.deps.now?.());
    this.made += runs;
    return events > 0;
  }

  protected override async afterBatch(): Promise<void> {
    if (this.made > 0) this.onRuns();
    this.made = 0;
  }
}

/**
 * The engine on one instance: the matcher of record events, the run workers, and the two periodic chores (the
 * time triggers' sweep, the sweep of runs stuck in "läuft"). Nothing lives here that another instance needs:
 * events, runs and their steps are rows; each instance claims what it works.
 */
export class AutomationEngine {
  readonly runs: RunQueue;
  private readonly matcher: EventMatcher;

  /** What runs and routes use; `now` is the clock tests move. */
  constructor(readonly deps: RunDeps) {
    this.runs = new RunQueue(deps.db, deps.log, {
      work: (run) => executeRun(deps, run),
      mayStart: mayStartRun,
    });
    this.matcher = new EventMatcher(deps, () => this.runs.kick());
  }

  start(): void {
    this.matcher.start();
    this.runs.start();
  }

  /** Something may have happened (a test, a route): look for events and due runs now. */
  kick(): void {
    this.matcher.kick();
    this.runs.kick();
  }

  async stop(): Promise<void> {
    await this.matcher.stop();
    await this.runs.stop();
  }

  /** The time triggers' sweep as a periodic job (one instance at a time, by its advisory lock). */
  sweepJob(): PeriodicJob {
    return {
      name: 'automation-time-triggers',
      lockId: 54_101,
      everyMs: 10 * 60_000,
      run: async (trx: Database) => {
        const made = await sweepTimeTriggers(trx, this.deps.zone, this.deps.now?.());
        if (made > 0) setImmediate(() => this.runs.kick());
        return made;
      },
    };
  }

  /** The sweep for runs stuck in "läuft" (an instance died mid-run). */
  stuckJob(): PeriodicJob {
    return {
      name: 'automation-stuck-runs',
      lockId: 54_102,
      everyMs: 60_000,
      run: (trx: Database) => releaseStuckRuns(trx),
    };
  }
}

export type { FastifyBaseLogger };
