import type { FastifyInstance } from 'fastify';
import { registerKanbanRoutes } from './kanban/kanbanRoutes';
import { registerVorgangListRoutes } from './vorgangListRoutes';
import { registerVorgangRoutes } from './vorgangRoutes';

/** Vorgänge (sales processes): the list, a page per Vorgang, its Belege, labels and status (issue 15), the board (issue 16). */
export async function vorgaengeArea(app: FastifyInstance) {
  registerVorgangListRoutes(app);
  await registerVorgangRoutes(app);
  await registerKanbanRoutes(app);
}
