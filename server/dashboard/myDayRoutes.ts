import type { FastifyInstance } from 'fastify';
import { getMyDayAppointments, getMyOfflineKit } from '../../src/resources/dashboard/myDay.endpoints';
import { callerUserId } from '../platform/auth/viewerScope';
import { companyTodayInDb } from '../platform/db/companyToday';
import { endpointRoute } from '../platform/http/endpointRoute';
import { stagnantCount } from './dashboardFigureQueries';
import { myDayAppointments, myDayMeetings } from './myDayAppointmentQueries';
import { offlineKit } from './offlineKitQueries';

/**
 * Mein Tag, the phone's landing: the caller's own appointments of today and their Outlook meetings with customers
 * (never a colleague's) with how many of their Vorgänge stagnate, and what the caller's device keeps for the road
 * (the caller's own week ahead).
 */
export function registerMyDayRoutes(app: FastifyInstance) {
  endpointRoute(app, getMyDayAppointments, async (request) => {
    const today = await companyTodayInDb(app.db, app.timeZone);
    const userId = await callerUserId(app.db, request.caller!);
    if (userId === null) return { today, items: [], meetings: [] };
    const [items, meetings, stagnant] = await Promise.all([
      myDayAppointments(app.db, app.timeZone, userId, today),
      myDayMeetings(app.db, app.timeZone, userId, today),
      stagnantCount(app.db, app.timeZone, { userIds: [userId] }),
    ]);
    return { today, items, meetings, stagnant };
  });
  endpointRoute(app, getMyOfflineKit, async (request) => {
    const today = await companyTodayInDb(app.db, app.timeZone);
    const userId = await callerUserId(app.db, request.caller!);
    if (userId === null) return { today, until: today, customerIds: [], vorgangIds: [] };
    return offlineKit(app.db, app.timeZone, userId, today);
  });
}
