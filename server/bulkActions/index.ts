import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerBulkActionRoutes } from './bulkActionRoutes';
import { adoptBulkJobs, bulkItemsJob } from './bulkItemsJob';
import { pruneBulkJobs } from './pruneBulkJobs';
import { DEFAULT_BULK_MASS_LIMIT } from './bulkJobQueries';

/**
 * Sammelaktionen: rows ticked on the Kunden and Vorgänge lists and labels on Fällige Labels (or all matches of
 * their filter) changed by a job on the server, record by record (a customer's Betreuer only by its Betreuer, the
 * branch's lead or the administration; more than 100 records only by a lead or the administration), with progress
 * and a report of every record; Admin → Sammelaktionen lists every job and undoes one; the selection as Excel;
 * "Mail senden" queues a personalised mail per record in the Postausgang (preview first)
 *
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
