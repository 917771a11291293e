import type { FastifyInstance } from 'fastify';
import { getMyDayAppointments, getMyOfflineKit } from '../../src/resources/dashboard/myDay.endpoints';
import { callerUserId } from '../platform/auth/viewerScope';
import { companyTodayInDb } from '../platform/db/companyToday';
import { endpointRoute } from '../platform/http/endpointRoute';
import { myDayAppointments } from './myDayAppointmentQueries';
import { offlineKit } from './offlineKitQueries';

/**
 * Mein Tag, the phone's landing: the caller's own appointments of today (never a colleague's), and what the
 * caller's device keeps for the road (the caller's own week ahead).
 */
export function registerMyDayRoutes(app: FastifyInstance) {
  endpointRoute(app, getMyDayAppointments, async (request) => {
    const today = await companyTodayInDb(app.db, app.timeZone);
    const userId = await callerUserId(app.db, request.caller!);
    return {
      today,
      items: userId === null ? [] : await myDayAppointments(app.db, app.timeZone, userId, today),
    };
  });
  endpointRoute(app, getMyOfflineKit, async (request) => {
    const today = await companyTodayInDb(app.db, app.timeZone);
    const userId = await callerUserId(app.db, request.caller!);
    if (userId === null) return { today, until: today, customerIds: [], vorgangIds: [] };
    return offlineKit(app.db, app.timeZone, userId, today);
  });
}
