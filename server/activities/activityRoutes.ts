import type { FastifyInstance } from 'fastify';
import { getUserActivitiesChartData } from '../../src/resources/activities/activities.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { companyTodayInDb } from '../dueItems/dueItemQueries';
import { resolveScope } from '../dueItems/viewerScope';
import { activitiesPerWeek } from './activityChart';

/** Activities across customers: the chart per week and type (SPEC §7 activity/getUserActivitiesChartData). */
export function registerActivityRoutes(app: FastifyInstance) {
  const { db } = app;
  endpointRoute(app, getUserActivitiesChartData, async (request) => {
    const scope = await resolveScope(db, request.caller!, request.query);
    const today = await companyTodayInDb(db, app.timeZone);
    return activitiesPerWeek(db, app.timeZone, scope, today, request.query.weeks ?? 12);
  });
}
