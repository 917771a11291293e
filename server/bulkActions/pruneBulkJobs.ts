import { defineJob } from '../platform/jobs/defineJob';
import { deleteFinishedJobs } from './bulkItemQueries';

/**
 * How long a finished job and its items are kept. They are only the job's report (what was changed, what was
 * refused and why): the changes themselves are in the Änderungsverlauf, which has its own retention. The report
 * is read while the job runs and soon after; a month covers coming back to it after holidays or asking a
 * colleague about a refusal. Longer keeps for nothing rows that grow by one per selected record and carry the
 * starter's name and groups.
 */
export const BULK_JOB_KEEP_DAYS = 30;

/**
 * Deletes finished bulk jobs (their items go with them) older than BULK_JOB_KEEP_DAYS; daily at night, once
 * across all instances. A job still running is never touched, however old: its open items are still to do.
 */
export const pruneBulkJobs = defineJob({
  name: 'bulkActions.prune',
  label: 'Sammelaktionen aufräumen',
  schedule: '40 2 * * *',
  policy: 'singleton',
  run: async (_data, { app }) => deleteFinishedJobs(app.db, BULK_JOB_KEEP_DAYS),
});
