import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerArticleAliasRoutes } from './articleAliasRoutes';
import { registerArticleMappingRoutes } from './articleMappingRoutes';

/** Artikel: alias patterns and the article mapping cache. */
export default defineServerArea({
  async plugin(app) {
    registerArticleAliasRoutes(app);
    registerArticleMappingRoutes(app);
  },
});
