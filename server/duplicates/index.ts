import { defineServerArea } from '../platform/areas/defineServerArea';
import { computeDuplicates } from './computeDuplicates';
import { registerDuplicateRoutes } from './duplicateRoutes';

/**
 * Dubletten (a tab of Admin-Verkauf): likely duplicate customers (one score for the list and the entry form's
 * warning, computed by a background job and for a customer when it is saved; search, filter, "Kein Duplikat"), the
 * merge screen and the merge that moves every related row (Admin, Verkaufsleitung)
 *
 * Dubletten: the likely duplicate customers (computed by a background job, one instance at a time), the two side
 * by side, and their merge.
 */
export default defineServerArea({
  async plugin(app) {
    registerDuplicateRoutes(app);
    app.jobs.register(computeDuplicates);
  },
});
