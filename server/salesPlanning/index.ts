import type { FastifyInstance } from 'fastify';
import { registerSalesPlanningRoutes } from './salesPlanningRoutes';

/** Verkaufskurve and target vs. actual. */
export async function salesPlanningArea(app: FastifyInstance) {
  registerSalesPlanningRoutes(app);
}
