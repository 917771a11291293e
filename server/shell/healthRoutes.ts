import type { FastifyInstance } from 'fastify';
import { wrapped } from '../platform/http/wrapped';
import { pingDatabase } from './healthQueries';

/** GET /api/health: whether the server and its database answer (for load balancers, public). */
export function registerHealthRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['System'],
        summary: 'Betriebszustand',
        response: {
          200: wrapped({
            type: 'object',
            properties: { status: { type: 'string' }, database: { type: 'string' } },
          }),
        },
      },
    },
    async () => {
      await pingDatabase(db);
      return { status: 'ok', database: 'ok' };
    },
  );
}
