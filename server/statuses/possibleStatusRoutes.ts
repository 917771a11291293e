import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { possibleStatuses } from './statusQueries';

/** The system statuses a Vorgang derives from its Belege (SPEC §7 admin/getAllPossibleStatus). */
export function registerPossibleStatusRoutes(app: FastifyInstance) {
  const { db } = app;
  app.get(
    '/api/admin/getAllPossibleStatus',
    {
      config: { access: { groups: [GROUPS.admin, GROUPS.kunde] } },
      schema: {
        tags: ['Status'],
        summary: 'Systemstatus eines Vorgangs (aus seinen Belegen abgeleitet), in ihrer Reihenfolge',
        response: {
          200: wrapped({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                code: { type: 'string' },
                name: { type: 'string' },
                sortOrder: { type: 'integer' },
                vorgaenge: { type: 'integer', description: 'Vorgänge in diesem Status' },
              },
            },
          }),
          401: errorResponse,
          403: errorResponse,
        },
      },
    },
    async () => possibleStatuses(db),
  );
}
