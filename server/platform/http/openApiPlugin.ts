import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';

/** Describes every route as OpenAPI and serves the documentation under /api/docs. */
export const openApiPlugin = fp(async (app) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Fenster CRM API',
        version: '1.0.0',
        description:
          'Alle Antworten sind als {statusCode, result} verpackt; Fehler tragen result.message auf Deutsch. ' +
          'Jeder Aufruf außer /api/health und /api/config braucht ein Zugriffstoken (Bearer).',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
});
