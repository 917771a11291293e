import type { RawBuilder } from 'kysely';
import { companyDayOf, companyToday } from '../../src/config/companyTime';
import type { Database } from '../platform/db/database';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { activeAutomations } from './automationQueries';
import { eventRunsSelect } from './eventTriggerQueries';
import { claimEvents, eventsOf, insertRunsOf } from './makeRunQueries';
import { queueRuns } from './runQueue';
import { dueWindow, timeRunsSelect } from './timeTriggerQueries';

/** Record events matched per transaction. */
const EVENT_BATCH = 500;

/**
 * Inserts the runs a trigger's SELECT names, each with its job (in the same transaction); a run that exists
 * (same dedupe key) is not made again. Answers the runs made.
 */
export async function insertRuns(
  trx: Database,
  jobs: JobQueue,
  select: RawBuilder<unknown>,
): Promise<number> {
  const rows = await insertRunsOf(trx, select);
  await queueRuns(trx, jobs, rows);
  return rows.length;
}

/**
 * Turns the record events the database wrote (a Beleg, a new Eigener Status, an NPS answer) into runs of the
 * active automations that listen for them: a batch of events claimed with SKIP LOCKED (so instances share the
 * inbox, each event once), matched per automation in one INSERT … SELECT each, then removed, all in one
 * transaction. Answers the events handled and runs made; repeat until no events are left.
 */
export async function matchEvents(db: Database, jobs: JobQueue, zone: string, now = new Date()) {
  return db.transaction().execute(async (trx) => {
    const rows = await claimEvents(trx, EVENT_BATCH);
    if (rows.length === 0) return { events: 0, runs: 0 };
    const ids = rows.map((row) => row.id);
    const kinds = [...new Set(rows.map((row) => row.kind))];
    let runs = 0;
    const events = eventsOf(ids);
    for (const automation of await activeAutomations(trx, kinds)) {
      runs += await insertRuns(
        trx,
        jobs,
        await eventRunsSelect(trx, automation, events, zone, companyToday(zone, now)),
      );
    }
    await trx.deleteFrom('automation_event').where('id', 'in', ids).execute();
    return { events: ids.length, runs };
  });
}

/**
 * The time triggers' sweep: for every active automation with a date or inactivity trigger, the runs of the
 * records due today (and the days it may catch up on, never before the automation went live). Plain reads of
 * the Vorgänge (no row of theirs is locked) and inserts of runs with their jobs. Answers the runs made.
 */
export async function sweepTimeTriggers(
  trx: Database,
  jobs: JobQueue,
  zone: string,
  now = new Date(),
): Promise<number> {
  const today = companyToday(zone, now);
  let runs = 0;
  for (const automation of await activeAutomations(trx, ['datum', 'inaktiv'])) {
    const firstDay = automation.firstActivatedAt ? companyDayOf(automation.firstActivatedAt, zone) : today;
    const window = dueWindow(today, firstDay);
    if (!window) continue;
    const select = await timeRunsSelect(trx, automation, zone, window);
    if (select) runs += await insertRuns(trx, jobs, select);
  }
  return runs;
}
