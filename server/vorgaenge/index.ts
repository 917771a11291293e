import type { FastifyInstance } from 'fastify';
import { registerVorgangListRoutes } from './vorgangListRoutes';

/** Vorgänge (sales processes): the list, a page per Vorgang, its Belege, labels and status (issue 15). */
export async function vorgaengeArea(app: FastifyInstance) {
  // Each part of the area registers its routes here: the list (vorgangListRoutes) and one Vorgang (vorgangRoutes).
  registerVorgangListRoutes(app);
  void app;
}
