import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '../../src/config/clientConfig';
import { registerClientConfigRoutes } from './clientConfigRoutes';
import { registerHealthRoutes } from './healthRoutes';
import { registerManifestRoutes } from './manifestRoutes';
import { registerTenantRoutes } from './tenantRoutes';

/** What the web app needs before sign-in: health, client configuration, the tenant's manual and app manifest. */
export async function shellArea(app: FastifyInstance, options: { clientConfig: ClientConfig }) {
  registerHealthRoutes(app);
  registerClientConfigRoutes(app, options.clientConfig);
  registerTenantRoutes(app);
  registerManifestRoutes(app, options.clientConfig.tenant);
}
