import type { FastifyInstance } from 'fastify';
import { registerVorgangListRoutes } from './vorgangListRoutes';
import { registerVorgangRoutes } from './vorgangRoutes';

/** Vorgänge (sales processes): the list, a page per Vorgang, its Belege, labels and status (issue 15). */
export async function vorgaengeArea(app: FastifyInstance) {
  registerVorgangListRoutes(app);
  await registerVorgangRoutes(app);
}
