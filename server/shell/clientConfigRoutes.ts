import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '../../src/config/clientConfig';
import { getClientConfig } from '../../src/resources/shell/shell.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';

/** GET /api/config: what the web app needs before sign-in (public: it holds no secret). */
export function registerClientConfigRoutes(app: FastifyInstance, clientConfig: ClientConfig) {
  endpointRoute(app, getClientConfig, async () => clientConfig);
}
