import { getCalendarTermine } from '../../src/resources/calendar/calendar.endpoints';
import { defineServerArea } from '../platform/areas/defineServerArea';
import { resolveScope } from '../platform/auth/viewerScope';
import { badRequest } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { calendarTermine, MAX_DAYS } from './calendarQueries';

/**
 * Kalender: the Termine of a seller, or of a lead's branch, for Todos → Kalender. A move (calendar/moveTermin,
 * routed by the activities, whose write it is: server/activities/moveTermin.ts) carries the version the calendar
 * showed (409 when stale), so the change history and Outlook follow as for any edit.
 */
export default defineServerArea({
  async plugin(app) {
    endpointRoute(app, getCalendarTermine, async (request) => {
      const from = new Date(request.query.from);
      const to = new Date(request.query.to);
      if (!(to > from)) throw badRequest('Das Ende des Zeitraums muss nach seinem Beginn liegen.');
      if (to.getTime() - from.getTime() > MAX_DAYS * 86_400_000) {
        throw badRequest(`Bitte wählen Sie einen Zeitraum von höchstens ${MAX_DAYS} Tagen.`);
      }
      const scope = await resolveScope(app.db, request.caller!, request.query);
      return calendarTermine(app.db, scope, from, to);
    });
  },
});
