import type { FastifyInstance } from 'fastify';
import { salesCurveProblems } from '../../src/resources/salesPlanning/salesCurve.rules';
import { badRequest } from '../platform/http/apiError';
import { readSalesCurve, saveSalesCurve } from './salesCurveQueries';
import { salesCurveForUser } from './salesCurveForUserQueries';
import { targetVsActual } from './targetVsActualQueries';
import {
  getSalesCurve,
  getSalesCurveForUser,
  putSalesCurve,
} from '../../src/resources/salesPlanning/salesCurve.endpoints';
import { getSalesTargetData } from '../../src/resources/salesPlanning/salesTargets.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { companyTodayInDb } from '../platform/db/companyToday';

/**
 * Sales curve and sales targets against actual revenue (the client's adminExtended and sales-target/… paths),
 * APP_ADMIN_VERKAUF.
 */
export function registerSalesPlanningRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getSalesCurve, async () => readSalesCurve(db));

  endpointRoute(
    app,
    putSalesCurve,
    async (request) => {
      const { shares, version } = request.body ?? {};
      if (!Array.isArray(shares) || !Number.isInteger(version)) {
        throw badRequest('Die Verkaufskurve braucht 12 Anteile und ihre Version.');
      }
      const problems = salesCurveProblems(shares);
      if (Object.keys(problems).length) {
        throw badRequest(problems.shares ?? 'Bitte prüfen Sie die markierten Monate.', problems);
      }
      return saveSalesCurve(db, shares as number[], version, request.caller!);
    },
    { attachValidation: true },
  );

  endpointRoute(app, getSalesCurveForUser, async (request) =>
    salesCurveForUser(db, request.query.userId, request.query.year),
  );

  // Soll bis heute on the company's day, as the dashboard counts it (not the server's UTC day).
  endpointRoute(app, getSalesTargetData, async (request) =>
    targetVsActual(db, request.query.year, await companyTodayInDb(db, app.timeZone)),
  );
}
