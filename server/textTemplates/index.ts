import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerTextTemplateRoutes } from './textTemplateRoutes';

/** Textvorlagen of the signed-in user and their preview with filled placeholders. */
export default defineServerArea({
  async plugin(app) {
    registerTextTemplateRoutes(app);
  },
});
