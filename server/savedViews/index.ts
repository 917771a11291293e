import type { FastifyInstance } from 'fastify';
import { registerSavedViewRoutes } from './savedViewRoutes';

/** Gespeicherte Ansichten: a list's filters, sort, columns and page size under a name, per person or shared. */
export async function savedViewsArea(app: FastifyInstance) {
  registerSavedViewRoutes(app);
}
