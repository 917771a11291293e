import type { FastifyInstance } from 'fastify';
import { GROUPS, locationGroupsOf } from '../../src/auth/groups';
import { wrapped } from '../platform/http/wrapped';
import { colleaguesAt } from './userQueries';

const ALL_APP_GROUPS = Object.values(GROUPS);

const colleague = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    email: { type: ['string', 'null'] },
    initials: { type: ['string', 'null'] },
    azureOid: { type: 'string' },
    branchId: { type: ['integer', 'null'] },
    branchName: { type: ['string', 'null'] },
  },
};

/** user/myGroups and user/usersInMyGroup: the caller's groups and the colleagues of their locations. */
export function registerUserRoutes(app: FastifyInstance) {
  const { db } = app;
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

  app.get(
    '/api/user/usersInMyGroup',
    {
      config: { access: { groups: ALL_APP_GROUPS } },
      schema: {
        tags: ['Benutzer'],
        summary: 'Aktive Benutzer der Filialen, deren Standortgruppen die angemeldete Person hat',
        response: { 200: wrapped({ type: 'array', items: colleague }) },
      },
    },
    async (request) => {
      const locations = locationGroupsOf(request.caller!.groups);
      if (locations.length === 0) return [];
      return colleaguesAt(db, locations);
    },
  );
}
