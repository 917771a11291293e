import type { FastifyInstance } from 'fastify';
import { addCompanyDays, companyToday } from '../../src/config/companyTime';
import { sendSheet } from '../platform/excel/excelExport';
import { badRequest } from '../platform/http/apiError';
import {
  completeAppointment,
  exportActivities,
  getActivities,
  getActivityFilterOptions,
  getNewActivityDefaults,
  getUserActivitiesChartData,
} from '../../src/resources/activities/activities.endpoints';
import { endpointRoute } from '../platform/http/endpointRoute';
import { companyTodayInDb } from '../platform/db/companyToday';
import { resolveScope } from '../platform/auth/viewerScope';
import { activitiesPerSeller, activitiesPerWeek } from './activityChartQueries';
import { activityFilterOf, activityVisibility } from './activityFilter';
import { activityFilterOptions, listActivities } from './activityListQueries';
import { activityExport } from './exportActivities';
import { completeAppointment as completeTermin } from './completeAppointment';
import { moveTermin as moveTerminTo } from './moveTermin';
import { moveTermin } from '../../src/resources/calendar/calendar.endpoints';

/** The per-seller chart's period: the days asked for, else the `weeks` weeks up to today; a reversed one is a 400. */
function chartPeriod(today: string, weeks: number, from?: string, to?: string) {
  const period = { from: from ?? addCompanyDays(to ?? today, -7 * weeks + 1), to: to ?? today };
  if (period.from > period.to) {
    throw badRequest('Bitte prüfen Sie den Zeitraum.', {
      to: 'Das Ende liegt vor dem Anfang des Zeitraums.',
    });
  }
  return period;
}

/**
 * Activities across customers: the list, its export and filters, the chart per week and type, on the client's
 * activity/… and excel/genExcelActivities paths.
 */
export function registerActivityRoutes(app: FastifyInstance) {
  const { db, timeZone } = app;
  endpointRoute(app, getUserActivitiesChartData, async (request) => {
    const { groupBy = 'week', weeks = 12, from, to } = request.query;
    const scope = await resolveScope(db, request.caller!, request.query);
    const today = await companyTodayInDb(db, timeZone);
    if (groupBy === 'week') return activitiesPerWeek(db, timeZone, scope, today, weeks);
    const period = chartPeriod(today, weeks, from, to);
    return activitiesPerSeller(db, timeZone, scope, period.from, period.to);
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
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `Aktivitaeten_${companyToday(timeZone)}.xlsx`,
      subject: 'Aktivitäten (Liste)',
    });
  });

  // Idempotent (an outbox's repeat): `trx` also stores the key and the answer.
  endpointRoute(app, completeAppointment, async (request, _reply, trx) =>
    completeTermin(trx, request.body, request.caller!, timeZone),
  );

  // A Termin moved in the calendar (Todos → Kalender, its phone sheet, the outbox): idempotent as above.
  endpointRoute(app, moveTermin, async (request, _reply, trx) =>
    moveTerminTo(trx, request.body, request.caller!, timeZone),
  );

  endpointRoute(app, getActivityFilterOptions, async (request) =>
    activityFilterOptions(db, await activityVisibility(db, request.caller!)),
  );

  endpointRoute(app, getNewActivityDefaults, async () => {
    const today = await companyTodayInDb(db, timeZone);
    const settings = await db
      .selectFrom('global_settings')
      .select('default_due_days')
      .where('id', '=', 1)
      .executeTakeFirst();
    return { dueDate: addCompanyDays(today, settings?.default_due_days ?? 7) };
  });
}
