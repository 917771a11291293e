import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerDownloadRoutes } from './downloadRoutes';
import { registerManageRoutes } from './manageRoutes';

/**
 * Dateien: the company's documents from a folder or SharePoint, counted downloads
 *
 * Dateien: the company's download area (price lists, brochures, forms) from a server folder or SharePoint.
 */
export default defineServerArea({
  async plugin(app, options) {
    registerDownloadRoutes(app, options.downloads);
    await registerManageRoutes(app, options.downloads, app.fileStore.maxBytes);
  },
});
