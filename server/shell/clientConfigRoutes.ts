import type { FastifyInstance } from 'fastify';
import type { ClientConfig } from '../../src/config/clientConfig';
import { wrapped } from '../platform/http/wrapped';

/** GET /api/config: what the web app needs before sign-in (public: it holds no secret). */
export function registerClientConfigRoutes(app: FastifyInstance, clientConfig: ClientConfig) {
  app.get(
    '/api/config',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['System'],
        summary: 'Konfiguration der Web-App (Anmeldung, Mandant)',
        response: { 200: wrapped({ type: 'object', additionalProperties: true }) },
      },
    },
    async () => clientConfig,
  );
}
