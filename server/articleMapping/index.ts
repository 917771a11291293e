import type { FastifyInstance } from 'fastify';
import { registerArticleAliasRoutes } from './articleAliasRoutes';
import { registerArticleMappingRoutes } from './articleMappingRoutes';

/** Artikel: alias patterns and the article mapping cache. */
export async function articleMappingArea(app: FastifyInstance) {
  registerArticleAliasRoutes(app);
  registerArticleMappingRoutes(app);
}
