import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import { badRequest, conflict } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';

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
        // Locked, so two admins reordering at once cannot interleave.
        const current = await sql<{
          id: number;
        }>`SELECT id FROM custom_status ORDER BY id FOR UPDATE`.execute(trx);
        const known = current.rows.map((r) => r.id);
        if (known.length !== ids.length || !ids.every((id) => known.includes(id))) {
          throw conflict(
            'Die Status wurden inzwischen geändert (angelegt oder gelöscht). Bitte laden Sie die Seite neu.',
          );
        }
        await sql`
          UPDATE custom_status s
          SET sort_order = o.position, version = s.version + 1, updated_at = now(), updated_by = ${request.caller!.name}
          FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, position)
          WHERE s.id = o.id AND s.sort_order IS DISTINCT FROM o.position`.execute(trx);
        return { ids };
      });
    },
  );
}
