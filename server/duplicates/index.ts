import { defineServerArea } from '../platform/areas/defineServerArea';
import { schedulePeriodicJob } from '../platform/jobs/periodicJob';
import { computeDuplicates } from './computeDuplicates';
import { registerDuplicateRoutes } from './duplicateRoutes';

/**
 * Dubletten: the likely duplicate customers (computed by a background job, one instance at a time), the two
 * side by side, and their merge.
 */
export default defineServerArea({
  async plugin(app) {
    registerDuplicateRoutes(app);
    let stop: (() => void) | undefined;
    app.addHook('onReady', async () => {
      stop = schedulePeriodicJob(app.db, app.log, computeDuplicates);
    });
    app.addHook('onClose', async () => stop?.());
  },
});
