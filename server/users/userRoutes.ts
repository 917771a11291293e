import type { FastifyInstance } from 'fastify';
import { locationGroupsOf } from '../../src/auth/groups';
import { getMyGroups, getUsersInMyGroup } from '../../src/resources/users/users.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { colleaguesAt } from './userQueries';

/** user/myGroups and user/usersInMyGroup: the caller's groups and the colleagues of their locations. */
export function registerUserRoutes(app: FastifyInstance) {
  endpointRoute(app, getMyGroups, async (request) =>
    request.caller!.groups.map((displayName) => ({ displayName })),
  );

  endpointRoute(app, getUsersInMyGroup, async (request) => {
    const locations = locationGroupsOf(request.caller!.groups);
    if (locations.length === 0) return [];
    return colleaguesAt(app.db, locations);
  });
}
