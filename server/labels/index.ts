import type { FastifyInstance } from 'fastify';
import { registerLabelRoutes } from './labelRoutes';

/** Labels beyond their generic CRUD. */
export async function labelsArea(app: FastifyInstance) {
  registerLabelRoutes(app);
}
