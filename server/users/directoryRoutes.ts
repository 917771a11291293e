import type { FastifyInstance } from 'fastify';
import { GROUPS, locationGroupsOf, locationNameOf } from '../../src/auth/groups';
import { notFound } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { branchesOfLocations, describedAzureIds } from './userQueries';

/** At most this many people per answer: the admin narrows a big directory down by typing. */
const MAX_PEOPLE = 200;

const person = {
  type: 'object',
  properties: {
    azureId: { type: 'string' },
    name: { type: 'string' },
    email: { type: 'string' },
    username: { type: 'string' },
  },
};
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  503: errorResponse,
};

/** Admin-Benutzer's view of the directory: people not yet described, their locations, photos. */
export function registerDirectoryRoutes(app: FastifyInstance) {
  const { db, directory } = app;
  app.get<{ Querystring: { azureId?: string; search?: string } }>(
    '/api/user/getNotDescribedUsers',
    {
      config: { access: { groups: [GROUPS.admin] } },
      schema: {
        tags: ['Benutzer'],
        summary: `Personen im Verzeichnis, die noch nicht als Benutzer angelegt sind (höchstens ${MAX_PEOPLE})`,
        querystring: {
          type: 'object',
          properties: {
            azureId: { type: 'string', maxLength: 64, description: 'nur diese Person' },
            search: {
              type: 'string',
              maxLength: 100,
              description: 'Anfang von Name, E-Mail oder Benutzername',
            },
          },
        },
        response: { 200: wrapped({ type: 'array', items: person }), ...errors },
      },
    },
    async (request) => {
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
      return people.filter((p) => !described.has(p.azureId)).slice(0, MAX_PEOPLE);
    },
  );

  app.get<{ Querystring: { azureId: string } }>(
    '/api/user/allLocationsFromAzureDirectoryForUser',
    {
      config: { access: { groups: [GROUPS.admin] } },
      schema: {
        tags: ['Benutzer'],
        summary: 'Standorte (APP_STANDORT-Gruppen) einer Person laut Verzeichnis, mit der passenden Filiale',
        querystring: {
          type: 'object',
          properties: { azureId: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['azureId'],
        },
        response: {
          200: wrapped({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                group: { type: 'string' },
                name: { type: 'string' },
                branchId: { type: ['integer', 'null'] },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
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
    },
  );

  app.get<{ Params: { azureId: string } }>(
    '/api/user/getUserProfileImage/:azureId',
    {
      config: { access: { groups: Object.values(GROUPS) } },
      schema: {
        tags: ['Benutzer'],
        summary: 'Profilbild einer Person aus dem Verzeichnis (Bilddaten; 404, wenn es keines gibt)',
        params: {
          type: 'object',
          properties: { azureId: { type: 'string', minLength: 1, maxLength: 64 } },
          required: ['azureId'],
        },
        response: errors,
      },
    },
    async (request, reply) => {
      const photo = await directory.photoOf(request.credentials!, request.params.azureId);
      if (!photo) throw notFound('Für diese Person gibt es kein Profilbild.');
      return reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .send(photo.bytes);
    },
  );
}
