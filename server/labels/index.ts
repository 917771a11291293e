import type { FastifyInstance } from 'fastify';
import { registerLabelRoutes } from './labelRoutes';

/** Labels beyond their generic CRUD: switch one on for all customers. */
export async function labelsArea(app: FastifyInstance) {
  registerLabelRoutes(app);
}
