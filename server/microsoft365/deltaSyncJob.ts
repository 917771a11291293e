import { defineJob } from '../platform/jobs/defineJob';
import { anyoneConnected } from './connectionQueries';
import { runDelta } from './deltaSync';
import { claimDueConnection } from './deltaSyncQueries';
import { contextOf } from './microsoft365Context';
import { runLanes } from './syncLanes';

/** Calendars read side by side in one run (each its own mailbox, so each has its own four slots). */
const LANES = 4;
/** A run watches this long for calendars falling due; the next minute's run takes over. */
const BUDGET_MS = 50_000;

/**
 * The read-back: every minute, the calendars whose delta is due (every M365_DELTA_MINUTES, or now after a change
 * notification or a new connection) run their delta query. A calendar is leased to one run at a time; a run cut
 * off goes on from the stored nextLink. One person's failure is recorded on their connection (shown in the
 * status, tried again in a minute) and does not stop the others.
 */
export const deltaSyncJob = defineJob({
  name: 'microsoft365.deltaSync',
  label: 'Outlook-Kalender abgleichen',
  schedule: '* * * * *',
  policy: 'singleton',
  expireInSeconds: 5 * 60,
  retryLimit: 1,
  retryDelaySeconds: 10,
  run: async (_data, { app }) => {
    const context = contextOf(app);
    if (!context) return { calendars: 0 };
    const calendars = await runLanes({
      lanes: LANES,
      until: Date.now() + BUDGET_MS,
      stopping: context.stopping,
      round: async () => {
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
      // Someone connected: look again shortly (a calendar falls due, a notification arrives on another instance).
      idle: async () => {
        return (await anyoneConnected(context.db)) ? (context.options.deltaPollMs ?? 5_000) : null;
      },
    });
    return { calendars };
  },
});
