import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerSalesPlanningRoutes } from './salesPlanningRoutes';

/** Verkaufskurve and sales targets against actual revenue. */
export default defineServerArea({
  async plugin(app) {
    registerSalesPlanningRoutes(app);
  },
});
