import type { FastifyInstance } from 'fastify';
import { registerAnalyticsRoutes } from './analyticsRoutes';

/** Nutzungsstatistik: sign-ins and usage reports. */
export async function analyticsArea(app: FastifyInstance) {
  registerAnalyticsRoutes(app);
}
