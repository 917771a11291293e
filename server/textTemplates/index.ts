import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerTextTemplateRoutes } from './textTemplateRoutes';

/**
 * Textvorlagen with placeholders and a preview with a real customer (Admin-Verkauf)
 *
 * Textvorlagen of the signed-in user and their preview with filled placeholders.
 */
export default defineServerArea({
  async plugin(app) {
    registerTextTemplateRoutes(app);
  },
});
