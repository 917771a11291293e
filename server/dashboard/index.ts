import type { FastifyInstance } from 'fastify';
import { registerDashboardRoutes } from './dashboardRoutes';

/** The dashboard's figures, lists and charts (issue 17); its Heute list is the due items' (server/todos). */
export async function dashboardArea(app: FastifyInstance) {
  registerDashboardRoutes(app);
}
