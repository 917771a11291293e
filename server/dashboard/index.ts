import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDashboardRoutes } from './dashboardRoutes';
import { registerMyDayRoutes } from './myDayRoutes';

/** The dashboard's figures, lists and charts, and Mein Tag on the phone; its Heute list is the due items' (server/todos). */
export default defineServerArea({
  async plugin(app) {
    registerDashboardRoutes(app);
    registerMyDayRoutes(app);
  },
});
