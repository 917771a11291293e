import type { FastifyInstance } from 'fastify';
import { registerGlobalSettingsRoutes } from './globalSettingsRoutes';

/** Globale Einstellungen. */
export async function globalSettingsArea(app: FastifyInstance) {
  registerGlobalSettingsRoutes(app);
}
