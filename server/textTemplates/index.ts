import type { FastifyInstance } from 'fastify';
import { registerTextTemplateRoutes } from './textTemplateRoutes';

/** Textvorlagen of the signed-in user and their preview with filled placeholders. */
export async function textTemplatesArea(app: FastifyInstance) {
  registerTextTemplateRoutes(app);
}
