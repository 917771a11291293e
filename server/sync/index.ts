import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSyncRoutes } from './syncRoutes';

/**
 * Datenabgleich: the ERP import, its state and log (Admin)
 *
 * Datenabgleich: reads the ERP export from the import folder as a background job.
 */
export default defineServerArea({
  async plugin(app, options) {
    registerSyncRoutes(app, options.importDir);
  },
});
