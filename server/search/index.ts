import type { FastifyInstance } from 'fastify';
import { registerSearchRoutes } from './searchRoutes';

/** Strg+K: one search over customers, Endkunden, Vorgänge and Belegnummern. */
export async function searchArea(app: FastifyInstance) {
  registerSearchRoutes(app);
}
