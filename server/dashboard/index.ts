import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDashboardRoutes } from './dashboardRoutes';
import { registerKeptAnswersRoute } from './keptAnswersRoute';
import { registerMyDayRoutes } from './myDayRoutes';

/**
 * the landing page: Kennzahlen against last year, the Heute list, charts
 *
 * The dashboard's figures, lists and charts, Mein Tag on the phone and the fill of its kept copy; its Heute list
 * is the due items' (server/todos).
 */
export default defineServerArea({
  async plugin(app) {
    registerDashboardRoutes(app);
    registerMyDayRoutes(app);
    registerKeptAnswersRoute(app);
  },
});
