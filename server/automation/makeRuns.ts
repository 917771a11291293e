import { sql, type RawBuilder } from 'kysely';
import { companyDayOf, companyToday } from '../../src/config/companyTime';
import type { Database } from '../platform/db/database';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { activeAutomations } from './automationQueries';
import { eventRunsSelect } from './eventTriggerQueries';
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
  const { rows } = await sql<{ id: number; jobId: string; dueAt: Date }>`
    INSERT INTO automation_run (automation_id, version_id, dedupe_key, vorgang_id, customer_id, occurrence, chain,
      origin_run_id, due_at)
    SELECT automation_id, version_id, dedupe_key, vorgang_id, customer_id, occurrence, chain, origin_run_id, due_at
    FROM (${select}) made
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, job_id AS "jobId", due_at AS "dueAt"`.execute(trx);
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
    const { rows } = await sql<{ id: number; kind: 'beleg' | 'eigenerStatus' | 'nps' }>`
      SELECT id, kind FROM automation_event ORDER BY id LIMIT ${EVENT_BATCH} FOR UPDATE SKIP LOCKED`.execute(
      trx,
    );
    if (rows.length === 0) return { events: 0, runs: 0 };
    const ids = rows.map((row) => row.id);
    const kinds = [...new Set(rows.map((row) => row.kind))];
    let runs = 0;
    const events = sql`(SELECT * FROM automation_event WHERE id = ANY (${ids}::bigint[])) e`;
    for (const automation of await activeAutomations(trx, kinds)) {
      runs += await insertRuns(
        trx,
        jobs,
        await eventRunsSelect(trx, automation, events, zone, companyToday(zone, now)),
      );
    }
    await sql`DELETE FROM automation_event WHERE id = ANY (${ids}::bigint[])`.execute(trx);
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
