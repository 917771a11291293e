import type { FastifyInstance } from 'fastify';
import { getHealth } from '../../src/resources/shell/shell.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { pingDatabase } from './healthQueries';

/** GET /api/health: whether the server and its database answer (for load balancers, public). */
export function registerHealthRoutes(app: FastifyInstance) {
  endpointRoute(app, getHealth, async () => {
    await pingDatabase(app.db);
    return { status: 'ok', database: 'ok' };
  });
}
