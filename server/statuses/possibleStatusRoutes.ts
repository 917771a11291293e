import type { FastifyInstance } from 'fastify';
import { getAllPossibleStatus } from '../../src/resources/statuses/possibleStatuses.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { possibleStatuses } from './statusQueries';

/** The system statuses a Vorgang derives from its Belege (the client's path admin/getAllPossibleStatus). */
export function registerPossibleStatusRoutes(app: FastifyInstance) {
  endpointRoute(app, getAllPossibleStatus, async () => possibleStatuses(app.db));
}
