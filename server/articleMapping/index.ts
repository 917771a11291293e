import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerArticleAliasRoutes } from './articleAliasRoutes';
import { registerArticleMappingRoutes } from './articleMappingRoutes';

/**
 * Artikel, Artikel-Aliase, the alias tester, the Artikel-Mapping to product groups and its cache build
 *
 * Artikel: alias patterns and the article mapping cache.
 */
export default defineServerArea({
  async plugin(app) {
    registerArticleAliasRoutes(app);
    registerArticleMappingRoutes(app);
  },
});
