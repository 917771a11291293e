import { runDelta } from './deltaSync';
import { claimDueConnection } from './deltaSyncQueries';
import { defineLaneJob } from './laneJob';

/**
 * The read-back: every minute, the calendars whose delta is due (every M365_DELTA_MINUTES, or now after a change
 * notification or a new connection) run their delta query. A calendar is leased to one run at a time; a run cut
 * off goes on from the stored nextLink. One person's failure is recorded on their connection (shown in the
 * status, tried again in a minute) and does not stop the others.
 */
export const deltaSyncJob = defineLaneJob({
  name: 'microsoft365.deltaSync',
  label: 'Outlook-Kalender abgleichen',
  // Someone connected: look again shortly (a calendar falls due, a notification arrives on another instance).
  pollMs: (options) => options.deltaPollMs ?? 5_000,
  round: async (context, app) => {
    const connection = await claimDueConnection(context.db);
    if (!connection) return false;
    await runDelta(context, connection).catch((error: unknown) =>
      app.log.warn(
        { err: error, userId: connection.userId },
        'Microsoft 365: Abgleich mit Outlook fehlgeschlagen',
      ),
    );
    return true;
  },
});
