import type { FastifyInstance } from 'fastify';
import { registerAnalyticsRoutes } from './analyticsRoutes';

/** Nutzungsstatistik: records sign-ins and file downloads, reports usage. */
export async function analyticsArea(app: FastifyInstance) {
  registerAnalyticsRoutes(app);
}
