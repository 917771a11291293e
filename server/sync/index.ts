import type { FastifyInstance } from 'fastify';
import { registerSyncRoutes } from './syncRoutes';

/** Datenabgleich: reads the ERP export from the import folder as a background job. */
export async function syncArea(app: FastifyInstance, options: { importDir: string }) {
  registerSyncRoutes(app, options.importDir);
}
