import type { FastifyInstance } from 'fastify';
import { registerTextTemplateRoutes } from './textTemplateRoutes';

/** Textvorlagen with placeholders. */
export async function textTemplatesArea(app: FastifyInstance) {
  registerTextTemplateRoutes(app);
}
