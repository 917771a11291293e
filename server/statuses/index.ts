import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerCustomStatusRoutes } from './customStatusRoutes';
import { registerPossibleStatusRoutes } from './possibleStatusRoutes';

/**
 * Eigene Status (board order, win probability) and the Systemstatus list (Admin)
 *
 * Possible and custom statuses beyond their generic CRUD.
 */
export default defineServerArea({
  async plugin(app) {
    registerPossibleStatusRoutes(app);
    registerCustomStatusRoutes(app);
  },
});
