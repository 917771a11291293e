import type { FastifyInstance } from 'fastify';
import {
  dismissDuplicate,
  getDuplicates,
  getMergePreview,
  mergeCustomers as mergeCustomersEndpoint,
} from '../../src/resources/duplicates/duplicates.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { dismissPair, listDuplicatePairs, mergePreview } from './duplicateQueries';
import { inTransaction } from '../platform/db/inTransaction';
import { mergeCustomers } from './mergeCustomers';

/** The list of likely duplicates, both customers side by side, and the merge. */
export function registerDuplicateRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getDuplicates, async (request) => listDuplicatePairs(db, request.query));
  endpointRoute(app, getMergePreview, async (request) =>
    mergePreview(db, request.params.id, request.params.otherId),
  );
  endpointRoute(app, dismissDuplicate, async (request, _reply, trx) =>
    inTransaction(trx, (inside) => dismissPair(inside, request.caller!, request.body)),
  );
  endpointRoute(app, mergeCustomersEndpoint, async (request, _reply, trx) =>
    mergeCustomers(trx, request.caller!, request.body),
  );
}
