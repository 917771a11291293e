import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDashboardRoutes } from './dashboardRoutes';

/** The dashboard's figures, lists and charts; its Heute list is the due items' (server/todos). */
export default defineServerArea({
  async plugin(app) {
    registerDashboardRoutes(app);
  },
});
