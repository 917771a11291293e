import type { FastifyInstance } from 'fastify';
import { listFailedJobs, retryFailedJob } from '../../src/resources/backgroundJobs/backgroundJobs.endpoints';
import { conflict } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { failedJobs } from '../platform/jobs/failedJobQueries';

/** Admin → Hintergrundaufgaben: the failed jobs with their reason, and "Erneut versuchen"; APP_ADMIN only. */
export function registerFailedJobRoutes(app: FastifyInstance) {
  endpointRoute(app, listFailedJobs, async (request) => {
    const { page = 1, perPage = 20 } = request.query;
    const kinds = new Map(app.jobs.registered().map((kind) => [kind.name, kind]));
    const { rows, total } = await failedJobs(app.db, [...kinds.keys()], page, perPage);
    return {
      total,
      data: rows.map((row) => {
        const kind = kinds.get(row.name)!;
        return {
          id: row.id,
          name: row.name,
          label: kind.label,
          about: kind.describe ? kind.describe(row.data) : null,
          reason: row.reason,
          tries: row.tries,
          createdAt: new Date(row.createdAt).toISOString(),
          failedAt: new Date(row.failedAt).toISOString(),
        };
      }),
    };
  });
  endpointRoute(app, retryFailedJob, async (request) => {
    const { name, id } = request.params;
    if (!(await app.jobs.retry(name, id))) {
      throw conflict('Diese Aufgabe ist nicht (mehr) fehlgeschlagen oder hat nichts mehr zu tun.');
    }
    return { retried: true };
  });
}
