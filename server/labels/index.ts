import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerLabelRoutes } from './labelRoutes';

/**
 * Labels for customers and Vorgänge, one label given to every customer
 *
 * Labels beyond their generic CRUD: switch one on for all customers.
 */
export default defineServerArea({
  async plugin(app) {
    registerLabelRoutes(app);
  },
});
