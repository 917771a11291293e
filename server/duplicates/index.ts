import { defineServerArea } from '../platform/areas/defineServerArea';
import { computeDuplicates } from './computeDuplicates';
import { registerDuplicateRoutes } from './duplicateRoutes';

/**
 * Dubletten: the likely duplicate customers (computed by a background job, one instance at a time), the two
 * side by side, and their merge.
 */
export default defineServerArea({
  async plugin(app) {
    registerDuplicateRoutes(app);
    app.jobs.register(computeDuplicates);
  },
});
