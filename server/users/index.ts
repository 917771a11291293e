import type { FastifyInstance } from 'fastify';
import { registerUserRoutes } from './userRoutes';
import { registerDirectoryRoutes } from './directoryRoutes';

/** Benutzer: the signed-in person, and people of the directory for Admin-Benutzer. */
export async function usersArea(app: FastifyInstance) {
  registerUserRoutes(app);
  registerDirectoryRoutes(app);
}
