import type { FastifyInstance } from 'fastify';
import { registerPossibleStatusRoutes } from './possibleStatusRoutes';
import { registerCustomStatusRoutes } from './customStatusRoutes';

/** Possible and custom statuses beyond their generic CRUD. */
export async function statusesArea(app: FastifyInstance) {
  registerPossibleStatusRoutes(app);
  registerCustomStatusRoutes(app);
}
