import type { FastifyInstance } from 'fastify';
import { registerDueItemRoutes } from './dueItemRoutes';

/** What is due: open activities with a due date and due labels (Todos, Fällige Labels, the dashboard's Heute). */
export async function dueItemsArea(app: FastifyInstance) {
  registerDueItemRoutes(app);
}
