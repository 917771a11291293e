import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerBulkActionRoutes } from './bulkActionRoutes';
import { BulkWorker } from './bulkWorker';

/** Sammelaktionen: one action on many rows as a job that any instance works off, with progress and report. */
export default defineServerArea({
  async plugin(app) {
    const worker = new BulkWorker(app.db, app.log, app.timeZone);
    worker.start();
    app.addHook('onClose', () => worker.stop());
    registerBulkActionRoutes(app, worker);
  },
});
