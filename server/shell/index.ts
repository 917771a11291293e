import { defineServerArea } from '../platform/areas/defineServerArea';
import { registerClientConfigRoutes } from './clientConfigRoutes';
import { registerHealthRoutes } from './healthRoutes';
import { loadManualTabs } from './loadManualTabs';
import { loadMenu } from './loadMenu';
import { registerManifestRoutes } from './manifestRoutes';
import { registerTenantRoutes } from './tenantRoutes';

/**
 * what the frame asks for: health, the client configuration, the tenant's user manual
 *
 * What the web app needs before sign-in: health, client configuration, the tenant's manual and app manifest.
 */
export default defineServerArea({
  async plugin(app, options) {
    registerHealthRoutes(app);
    registerClientConfigRoutes(app, options.clientConfig);
    registerTenantRoutes(app, await loadMenu(), await loadManualTabs());
    registerManifestRoutes(app, options.clientConfig.tenant, options.clientConfig.ui.theme);
  },
});
