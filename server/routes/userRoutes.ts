import type { FastifyInstance } from 'fastify';
import { wrapped } from '../http/wrapped';

/** user/myGroups: the caller's directory groups as `{displayName}` entries (SPEC §3, §7). */
export function registerUserRoutes(app: FastifyInstance) {
  app.get(
    '/api/user/myGroups',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['Benutzer'],
        summary: 'Gruppen der angemeldeten Person',
        response: {
          200: wrapped({
            type: 'array',
            items: { type: 'object', properties: { displayName: { type: 'string' } } },
          }),
        },
      },
    },
    async (request) => request.caller!.groups.map((displayName) => ({ displayName })),
  );
}
