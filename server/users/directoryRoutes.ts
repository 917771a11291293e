import type { FastifyInstance } from 'fastify';
import { locationGroupsOf, locationNameOf } from '../../src/auth/groups';
import {
  getDirectoryLocations,
  getNotDescribedUsers,
  getUserProfileImage,
  MAX_DIRECTORY_PEOPLE,
} from '../../src/resources/users/users.endpoints';
import { notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { branchesOfLocations, describedAzureIds } from './userQueries';

/** Admin-Benutzer's view of the directory: people not yet described, their locations, photos. */
export function registerDirectoryRoutes(app: FastifyInstance) {
  const { db, directory } = app;

  endpointRoute(app, getNotDescribedUsers, async (request) => {
    const { azureId, search = '' } = request.query;
    const credentials = request.credentials!;
    const people = azureId
      ? [await directory.person(credentials, azureId)].flatMap((p) => p ?? [])
      : await directory.people(credentials, search.trim());
    if (people.length === 0) return [];
    const described = await describedAzureIds(
      db,
      people.map((p) => p.azureId),
    );
    return people.filter((p) => !described.has(p.azureId)).slice(0, MAX_DIRECTORY_PEOPLE);
  });

  endpointRoute(app, getDirectoryLocations, async (request) => {
    const groups = await directory.groupsOf(request.credentials!, request.query.azureId);
    if (!groups) throw notFound('Diese Person gibt es im Verzeichnis nicht.');
    const locations = locationGroupsOf(groups);
    if (locations.length === 0) return [];
    const rows = await branchesOfLocations(db, locations);
    return locations.map((group) => ({
      group,
      name: locationNameOf(group),
      branchId: rows.find((row) => row.locationGroup === group)?.id ?? null,
    }));
  });

  endpointRoute(app, getUserProfileImage, async (request, reply) => {
    const photo = await directory.photoOf(request.credentials!, request.params.azureId);
    // No photo is a normal answer, not an error: 204 keeps the browser's console free of 404s.
    if (!photo) return reply.code(204).header('Cache-Control', 'private, max-age=3600').send();
    return reply
      .header('Content-Type', photo.contentType)
      .header('Cache-Control', 'private, max-age=3600')
      .send(photo.bytes);
  });
}
