import type { FastifyInstance } from 'fastify';
import { registerDashboardRoutes } from './dashboardRoutes';
import { registerMyDayRoutes } from './myDayRoutes';

/** The dashboard's figures, lists and charts (issue 17); its Heute list is the due items' (server/todos). */
export async function dashboardArea(app: FastifyInstance) {
  registerDashboardRoutes(app);
  registerMyDayRoutes(app);
}
