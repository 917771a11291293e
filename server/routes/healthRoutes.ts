import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { wrapped } from '../http/wrapped';

/** GET /api/health: whether the server and its database answer (for load balancers, public). */
export function registerHealthRoutes(app: FastifyInstance, db: Database) {
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
      await sql`SELECT 1`.execute(db);
      return { status: 'ok', database: 'ok' };
    },
  );
}
