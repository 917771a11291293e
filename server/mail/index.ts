import type { FastifyInstance } from 'fastify';
import { registerMailRoutes } from './mailRoutes';

/** E-Mails to customers from text templates, and the outbox. */
export async function mailArea(app: FastifyInstance) {
  registerMailRoutes(app);
}
