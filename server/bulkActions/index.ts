import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerBulkActionRoutes } from './bulkActionRoutes';
import { adoptBulkJobs, bulkItemsJob } from './bulkItemsJob';
import { pruneBulkJobs } from './pruneBulkJobs';
import { DEFAULT_BULK_MASS_LIMIT } from './bulkJobQueries';

/**
 * Sammelaktionen: one action on many rows as a job that the job library hands to any instance in chunks, with
 * progress and report; finished jobs are pruned after a while.
 */
export default defineServerArea({
  async plugin(app, options) {
    app.jobs.register(bulkItemsJob);
    app.jobs.register(adoptBulkJobs);
    app.jobs.register(pruneBulkJobs);
    registerBulkActionRoutes(app, options.bulkMassLimit ?? DEFAULT_BULK_MASS_LIMIT);
  },
});
