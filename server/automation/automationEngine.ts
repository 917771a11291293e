import type { Database } from '../platform/db/database';
import { defineJob } from '../platform/jobs/defineJob';
import { matchEvents, sweepTimeTriggers } from './makeRuns';
import { mayStartRun } from './rateCapQueries';
import { executeRun, type RunDeps } from './runExecutor';
import { runJob, setRunWorker } from './runQueue';
import { claimRun } from './runQueueQueries';

/** How often an instance looks whether the database wrote record events (one tiny read; no process is told). */
const EVENT_LOOK_MS = 1_000;

/** The engine of each instance, found by the job handlers through the instance's database handle. */
const engines = new WeakMap<Database, AutomationEngine>();

const engineOf = (db: Database): AutomationEngine => {
  const engine = engines.get(db);
  if (!engine) throw new Error('Die Automatisierung läuft auf dieser Instanz nicht.');
  return engine;
};

/** Turns the waiting record events into runs, until none is left (at most one such job at a time). */
export const eventsJob = defineJob({
  name: 'automation.events',
  label: 'Automatisierung: Ereignisse zuordnen',
  policy: 'exclusive',
  // Each instance asks for it when it sees events; the minute's job is the safety net.
  schedule: '* * * * *',
  run: async (_data, { app }) => engineOf(app.db).matchAll(),
});

/** The time triggers' sweep (a date offset, no activity): one at a time across all instances. */
export const timeTriggersJob = defineJob({
  name: 'automation.timeTriggers',
  label: 'Automatisierung: Zeit-Auslöser prüfen',
  policy: 'singleton',
  schedule: '*/10 * * * *',
  run: async (_data, { app }) => engineOf(app.db).sweep(),
});

/**
 * The engine on one instance: the job handlers' way to its deps (the clock tests move) and the look for record
 * events. Nothing lives here that another instance needs: events, runs and their steps are rows, and every run
 * is a job of the job library, which claims it for one instance and retries it.
 */
export class AutomationEngine {
  private timer: NodeJS.Timeout | undefined;
  private looking = false;

  /** What runs and routes use; `now` is the clock tests move. */
  constructor(readonly deps: RunDeps) {
    engines.set(deps.db, this);
    setRunWorker(deps.db, (runId, { jobId, lastTry }) => this.work(runId, jobId, lastTry));
  }

  /** Starts looking for record events (the job library starts the workers). */
  start(): void {
    this.timer = setInterval(() => void this.lookForEvents(), EVENT_LOOK_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Works one run the library handed over (claimed for the job `jobId`), then its steps. */
  async work(runId: number, jobId: string, lastTry: boolean): Promise<string> {
    const run = await claimRun(this.deps.db, runId, jobId, mayStartRun);
    if (!run) return 'nichts zu tun';
    await executeRun(this.deps, run, lastTry);
    return 'ausgeführt';
  }

  /** Matches record events until none is left; answers the runs made (their jobs are woken here). */
  async matchAll(): Promise<number> {
    const { db, jobs, zone } = this.deps;
    let made = 0;
    for (;;) {
      const round = await matchEvents(db, jobs, zone, this.deps.now?.());
      made += round.runs;
      if (round.runs > 0) jobs.wake(runJob);
      if (round.events === 0) return made;
    }
  }

  /** The time triggers' sweep now; answers the runs made. */
  async sweep(): Promise<number> {
    const { db, jobs, zone } = this.deps;
    const made = await db
      .transaction()
      .execute((trx) => sweepTimeTriggers(trx, jobs, zone, this.deps.now?.()));
    if (made > 0) jobs.wake(runJob);
    return made;
  }

  /** Queues the events job when the database wrote events (refused while one is queued or running). */
  async lookForEvents(): Promise<void> {
    if (this.looking) return;
    this.looking = true;
    try {
      const event = await this.deps.db
        .selectFrom('automation_event')
        .select('id')
        .limit(1)
        .executeTakeFirst();
      if (event && (await this.deps.jobs.send(eventsJob, {})) !== null) this.deps.jobs.wake(eventsJob);
    } catch (error) {
      this.deps.log.warn({ err: error }, 'Automatisierung: Ereignisse nicht geprüft');
    } finally {
      this.looking = false;
    }
  }
}
