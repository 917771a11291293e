import type { FastifyInstance } from 'fastify';
import { findEverything } from '../../src/resources/search/search.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { findEverything as find } from './searchQueries';

/** Strg+K: the records a text finds (from the read replica when there is one). */
export function registerSearchRoutes(app: FastifyInstance) {
  endpointRoute(app, findEverything, async (request) => find(app.readDb(request), request.query.q));
}
