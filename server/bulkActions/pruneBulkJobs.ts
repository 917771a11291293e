import { sql } from 'kysely';
import type { PeriodicJob } from '../platform/jobs/periodicJob';

/**
 * How long a finished job and its items are kept. They are only the job's report (what was changed, what was
 * refused and why): the changes themselves are in the Änderungsverlauf, which has its own retention. The report
 * is read while the job runs and soon after; a month covers coming back to it after holidays or asking a
 * colleague about a refusal. Longer keeps for nothing rows that grow by one per selected record and carry the
 * starter's name and groups.
 */
export const BULK_JOB_KEEP_DAYS = 30;

/**
 * Deletes finished bulk jobs (their items go with them) older than BULK_JOB_KEEP_DAYS; daily, one instance at a
 * time (advisory lock). A job still running is never touched, however old: its open items are the queue.
 */
export const pruneBulkJobs: PeriodicJob = {
  name: 'Sammelaktionen aufräumen',
  lockId: 42_046,
  everyMs: 24 * 60 * 60 * 1000,
  run: async (trx) => {
    const result = await sql`
      DELETE FROM bulk_job
      WHERE state = 'fertig' AND finished_at < now() - make_interval(days => ${BULK_JOB_KEEP_DAYS})`.execute(
      trx,
    );
    return Number(result.numAffectedRows ?? 0);
  },
};
