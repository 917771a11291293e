import type { Database } from '../platform/db/database';
import { defineJob } from '../platform/jobs/defineJob';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { sendMailJob } from '../mail/mailOutbox';
import { changeItem } from './bulkItem';
import { finishIfDone, openChunks } from './bulkItemQueries';

/**
 * Items per library job. Small enough that a drain waits seconds for the chunk in hand and a crashed
 * instance's chunk is soon tried elsewhere; large enough that 10,000 records are 200 jobs, not 10,000.
 */
export const CHUNK = 50;

/** One chunk of a bulk job: its open items from record `from` to `to` (in the job's order). */
interface Chunk {
  bulkJobId: number;
  from: number;
  to: number;
}

/**
 * Works off one chunk of a bulk job's items, on whichever instance the library hands it to (one instance per
 * chunk). Each item is its own transaction (changeItem); a chunk tried again after a crash skips the items
 * already done. A throw (the database away) fails the try, and the library repeats it with backoff.
 */
export const bulkItemsJob = defineJob<Chunk>({
  name: 'bulkActions.items',
  label: 'Sammelaktion abarbeiten',
  retryLimit: 3,
  retryDelaySeconds: 10,
  pollSeconds: 1,
  describe: (chunk) => `Sammelaktion ${chunk.bulkJobId}, Datensätze ${chunk.from}–${chunk.to}`,
  run: async ({ bulkJobId, from, to }, { app }) => {
    const rows = await app.db
      .selectFrom('bulk_job_item')
      .select('record_id as recordId')
      .where('job_id', '=', bulkJobId)
      .where('record_id', '>=', from)
      .where('record_id', '<=', to)
      .where('state', '=', 'offen')
      .orderBy('record_id')
      .execute();
    let changed = 0;
    for (const { recordId } of rows) if (await changeItem(app, bulkJobId, recordId)) changed += 1;
    await finishIfDone(app.db, bulkJobId);
    // A mail action queued its mails with the items (committed by now): this instance's outbox starts at
    // once instead of at its next poll. For other actions the outbox finds nothing, one cheap look.
    if (changed > 0) app.jobs.wake(sendMailJob);
    return { items: changed };
  },
});

/**
 * Queues the open items of bulk job `bulkJobId` as chunks, in `trx` (the transaction that created the job: the
 * job and its chunks are committed together), and notes when. A job without items is finished at once.
 */
export async function queueBulkItems(jobs: JobQueue, trx: Database, bulkJobId: number): Promise<void> {
  const rows = await openChunks(trx, bulkJobId, CHUNK);
  await jobs.sendMany(bulkItemsJob, rows, trx);
  await trx
    .updateTable('bulk_job')
    .set((eb) => ({ queued_at: eb.fn<Date>('now') }))
    .where('id', '=', bulkJobId)
    .execute();
  if (rows.length === 0) await finishIfDone(trx, bulkJobId);
}

/**
 * Queues the chunks of running jobs that have none: those the previous release created during a rolling
 * update (its own worker may be working them off too; each item is changed once either way). Every minute,
 * once across all instances.
 */
export const adoptBulkJobs = defineJob({
  name: 'bulkActions.adopt',
  label: 'Sammelaktionen der Vorversion übernehmen',
  schedule: '* * * * *',
  policy: 'singleton',
  run: async (_data, { app }) =>
    app.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('bulk_job')
        .select('id')
        .where('state', '=', 'laeuft')
        .where('queued_at', 'is', null)
        .orderBy('id')
        .forUpdate()
        .execute();
      for (const { id } of rows) await queueBulkItems(app.jobs, trx, id);
      return rows.length;
    }),
});
