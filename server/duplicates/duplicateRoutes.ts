import type { FastifyInstance } from 'fastify';
import {
  getDuplicates,
  getMergePreview,
  mergeCustomers as mergeCustomersEndpoint,
} from '../../src/resources/duplicates/duplicates.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { listDuplicatePairs, mergePreview } from './duplicateQueries';
import { mergeCustomers } from './mergeCustomers';

/** The list of likely duplicates, both customers side by side, and the merge. */
export function registerDuplicateRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getDuplicates, async (request) => listDuplicatePairs(db, request.query));
  endpointRoute(app, getMergePreview, async (request) =>
    mergePreview(db, request.params.id, request.params.otherId),
  );
  endpointRoute(app, mergeCustomersEndpoint, async (request, _reply, trx) =>
    mergeCustomers(trx, request.caller!, request.body),
  );
}
