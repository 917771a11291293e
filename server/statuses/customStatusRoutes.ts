import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { badRequest, conflict } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { lockCustomStatusIds, saveCustomStatusOrder } from './statusQueries';

/** The board order of the custom statuses, saved as one change (not one request per status). */
export function registerCustomStatusRoutes(app: FastifyInstance) {
  const { db } = app;
  app.put<{ Body: { ids: number[] } }>(
    '/api/customStatus/reorder',
    {
      config: { access: { groups: [GROUPS.admin] } },
      schema: {
        tags: ['Eigene Status'],
        summary: 'Reihenfolge der Spalten der Kartenansicht setzen: alle Status-IDs in der neuen Reihenfolge',
        body: {
          type: 'object',
          properties: { ids: { type: 'array', items: { type: 'integer' }, maxItems: 500 } },
          required: ['ids'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: { ids: { type: 'array', items: { type: 'integer' } } },
          }),
          400: errorResponse,
          401: errorResponse,
          403: errorResponse,
          409: errorResponse,
        },
      },
    },
    async (request) => {
      const { ids } = request.body;
      if (new Set(ids).size !== ids.length) throw badRequest('Ein Status steht doppelt in der Reihenfolge.');
      return db.transaction().execute(async (trx) => {
        const known = await lockCustomStatusIds(trx);
        if (known.length !== ids.length || !ids.every((id) => known.includes(id))) {
          throw conflict(
            'Die Status wurden inzwischen geändert (angelegt oder gelöscht). Bitte laden Sie die Seite neu.',
          );
        }
        await saveCustomStatusOrder(trx, ids, request.caller!.name);
        return { ids };
      });
    },
  );
}
