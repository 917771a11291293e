import type { FastifyInstance } from 'fastify';
import { registerSalesPlanningRoutes } from './salesPlanningRoutes';

/** Verkaufskurve and sales targets against actual revenue. */
export async function salesPlanningArea(app: FastifyInstance) {
  registerSalesPlanningRoutes(app);
}
