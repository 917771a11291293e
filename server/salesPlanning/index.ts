import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSalesPlanningRoutes } from './salesPlanningRoutes';

/**
 * Verkaufskurve, Verkaufsziele and Soll/Ist, the Produktgruppen and Warengruppen they count by (Admin-Verkauf)
 *
 * Verkaufskurve and sales targets against actual revenue.
 */
export default defineServerArea({
  async plugin(app) {
    registerSalesPlanningRoutes(app);
  },
});
