import type { FastifyInstance } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import {
  exportActivities,
  getActivities,
  getActivityFilterOptions,
  getUserActivitiesChartData,
} from '../../src/resources/activities/activities.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { companyTodayInDb } from '../dueItems/dueItemQueries';
import { resolveScope } from '../dueItems/viewerScope';
import { activitiesPerWeek } from './activityChart';
import { activityFilterOf, activityVisibility } from './activityFilter';
import { activityFilterOptions, listActivities } from './activityListQueries';
import { activityExport } from './exportActivities';
import { sendWorkbook } from '../platform/excel/sendWorkbook';
import { writeSheet } from '../platform/excel/writeSheet';

/** Activities across customers: the list, its export and filters, the chart per week and type (SPEC §7). */
export function registerActivityRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  endpointRoute(app, getUserActivitiesChartData, async (request) => {
    const scope = await resolveScope(db, request.caller!, request.query);
    const today = await companyTodayInDb(db, timeZone);
    return activitiesPerWeek(db, timeZone, scope, today, request.query.weeks ?? 12);
  });

  endpointRoute(app, getActivities, async (request) => {
    const { page = 1, perPage = 25, sort, order } = request.query;
    const visibility = await activityVisibility(db, request.caller!);
    const filter = activityFilterOf(request.query);
    return listActivities(db, timeZone, visibility, filter, { sort, order }, page, perPage);
  });

  endpointRoute(app, exportActivities, async (request, reply) => {
    const filter = activityFilterOf(request.query);
    const visibility = await activityVisibility(db, request.caller!);
    const spec = activityExport(timeZone, visibility, filter, request.query);
    return sendWorkbook(request, reply, `Aktivitaeten_${companyToday(timeZone)}.xlsx`, (out) =>
      writeSheet(db, spec, out),
    );
  });

  endpointRoute(app, getActivityFilterOptions, async (request) =>
    activityFilterOptions(db, await activityVisibility(db, request.caller!)),
  );
}
