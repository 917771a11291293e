import type { FastifyInstance } from 'fastify';
import { getHealth, getHealthLive, getHealthReady } from '../../src/resources/shell/shell.endpoints';
import { missingMigrations } from '../platform/db/migrate';
import { ApiError } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { pingDatabase } from './healthQueries';

/**
 * Health checks for load balancers and orchestrators (public): /api/health (server and database),
 * /api/health/live (the process answers) and /api/health/ready (whether to send it requests: database,
 * migrations and file store; not while draining).
 */
export function registerHealthRoutes(app: FastifyInstance) {
  endpointRoute(app, getHealth, async () => {
    await pingDatabase(app.db);
    return { status: 'ok', database: 'ok' };
  });

  endpointRoute(app, getHealthLive, async () => ({ status: 'ok' }));

  endpointRoute(app, getHealthReady, async () => {
    if (app.lifecycle.draining) {
      throw new ApiError(503, 'Diese Instanz wird heruntergefahren und nimmt keine neuen Anfragen an.');
    }
    // The file store is asked beside the database (its answer is cached for a few seconds, see FileStore).
    const filesReachable = app.fileStore.reachable();
    try {
      await pingDatabase(app.db);
    } catch {
      throw new ApiError(503, 'Die Datenbank antwortet nicht.');
    }
    const missing = await missingMigrations(app.db);
    if (missing.length > 0) {
      throw new ApiError(503, `Der Datenbank fehlen Migrationen: ${missing.join(', ')}.`);
    }
    // The reason stays in the log: this answer is public.
    if (!(await filesReachable)) throw new ApiError(503, 'Der Dateispeicher antwortet nicht.');
    return { status: 'ok', database: 'ok', migrations: 'ok', files: 'ok' };
  });
}
