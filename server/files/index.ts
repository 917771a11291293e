import type { FastifyInstance } from 'fastify';
import { registerFileRoutes } from './fileRoutes';

/** Dateien: uploads to customers and activities, downloads (multipart only here). */
export async function filesArea(app: FastifyInstance) {
  await registerFileRoutes(app);
}
