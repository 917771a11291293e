import type { FastifyInstance } from 'fastify';
import { registerActivityRoutes } from './activityRoutes';

/** Activities across customers (issue 17): the chart per seller and week; CRUD comes from activity.entity.ts. */
export async function activitiesArea(app: FastifyInstance) {
  registerActivityRoutes(app);
}
