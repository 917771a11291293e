import type { FastifyInstance } from 'fastify';
import type { Caller } from '../platform/auth/caller';
import {
  getDashboardFigures,
  getDashboardLists,
  getDashboardRevenueCurve,
} from '../../src/resources/dashboard/dashboard.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { companyTodayInDb } from '../platform/db/companyToday';
import {
  callerUserId,
  resolveScope,
  type ScopeRequest,
  type ViewerScope,
} from '../platform/auth/viewerScope';
import { dashboardFigures } from './dashboardFigureQueries';
import { dashboardLists, revenueCurve } from './dashboardListQueries';

/** The Vorgänge list filters behind a scope's figures: one seller, or the branches. */
async function ownerFilter(app: FastifyInstance, caller: Caller, scope: ViewerScope) {
  if ('branchIds' in scope) return { sellerId: null, branchIds: scope.branchIds };
  return { sellerId: scope.userIds[0] ?? (await callerUserId(app.db, caller)), branchIds: [] };
}

/** The dashboard: Kennzahlen with last year's, the two lists, the revenue curve; for me, a seller or the branch. */
export function registerDashboardRoutes(app: FastifyInstance) {
  const { db } = app;
  const scopeOf = (caller: Caller, query: ScopeRequest) => resolveScope(db, caller, query);

  // The figures, lists and curve read from the replica when there is one (app.readDb).
  endpointRoute(app, getDashboardFigures, async (request) => {
    const scope = await scopeOf(request.caller!, request.query);
    const reads = app.readDb(request);
    const today = await companyTodayInDb(reads, app.timeZone);
    return dashboardFigures(
      reads,
      app.timeZone,
      scope,
      today,
      await ownerFilter(app, request.caller!, scope),
    );
  });

  endpointRoute(app, getDashboardLists, async (request) => {
    const scope = await scopeOf(request.caller!, request.query);
    const reads = app.readDb(request);
    return dashboardLists(reads, app.timeZone, scope, await companyTodayInDb(reads, app.timeZone));
  });

  endpointRoute(app, getDashboardRevenueCurve, async (request) => {
    const scope = await scopeOf(request.caller!, request.query);
    const reads = app.readDb(request);
    const today = await companyTodayInDb(reads, app.timeZone);
    return revenueCurve(reads, scope, Number(today.slice(0, 4)));
  });
}
