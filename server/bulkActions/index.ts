import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerBulkActionRoutes } from './bulkActionRoutes';
import { BulkWorker } from './bulkWorker';
import { schedulePeriodicJob } from '../platform/jobs/periodicJob';
import { pruneBulkJobs } from './pruneBulkJobs';
import { DEFAULT_BULK_MASS_LIMIT } from './bulkJobQueries';

/**
 * Sammelaktionen: one action on many rows as a job that any instance works off, with progress and report;
 * finished jobs are pruned after a while.
 */
export default defineServerArea({
  async plugin(app, options) {
    const worker = new BulkWorker(app.db, app.log, app.timeZone);
    worker.start();
    app.addHook('onClose', () => worker.stop());
    registerBulkActionRoutes(app, worker, options.bulkMassLimit ?? DEFAULT_BULK_MASS_LIMIT);
    // Old finished jobs are removed once a day, by one instance at a time.
    let stopPruning: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stopPruning = schedulePeriodicJob(app.db, app.log, pruneBulkJobs);
    });
    app.addHook('onClose', async () => stopPruning?.());
  },
});
