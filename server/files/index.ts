import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerFileRoutes } from './fileRoutes';

/**
 * uploads of customers, activities and Vorgänge: allowed types, upload, list, download (the panel is in kit/)
 *
 * Uploaded files of customers, activities and Vorgänge: upload (multipart only here), list, download.
 */
export default defineServerArea({
  async plugin(app) {
    await registerFileRoutes(app);
  },
});
