import type { FastifyInstance } from 'fastify';
import { registerCustomerRoutes } from './customerRoutes';
import { registerTimelineRoutes } from './timelineRoutes';

/** Kunden: fields, labels, duplicates, export, Vorgänge of a customer, timeline. */
export async function customersArea(app: FastifyInstance) {
  registerCustomerRoutes(app);
  registerTimelineRoutes(app);
}
