import type { FastifyInstance } from 'fastify';
import { registerMailRoutes } from './mailRoutes';

/** E-Mails to customers from text templates: preview and send. */
export async function mailArea(app: FastifyInstance) {
  registerMailRoutes(app);
}
