import { defineJob } from '../platform/jobs/defineJob';
import { anyoneConnected } from './connectionQueries';
import { contextOf } from './microsoft365Context';
import { m365RunDuration, m365Runs } from './microsoft365Metrics';
import { runLanes } from './syncLanes';
import { pushDueTermine } from './terminPush';

/** Lanes in one run: a first sync of hundreds of Termine uses the mailbox's four slots. */
const LANES = 4;
/** A run watches the queue this long (the next minute's run takes over), so a change is in Outlook within seconds. */
const WATCH_MS = 50_000;

/**
 * The write path: the Termine the activity trigger queued (m365_event) go to Outlook. Each round claims one
 * person's due Termine (up to 20, one $batch) with SKIP LOCKED and a lease, so two runs on two instances never
 * write the same Termin and a stopped instance's rows come back by themselves. Runs every minute and watches the
 * queue for most of it; a connection or a decided conflict queues one at once. A repeated run finds nothing due.
 */
export const pushTermineJob = defineJob({
  name: 'microsoft365.pushTermine',
  label: 'Termine nach Outlook schreiben',
  schedule: '* * * * *',
  policy: 'singleton',
  expireInSeconds: 5 * 60,
  retryLimit: 1,
  retryDelaySeconds: 10,
  run: async (_data, { app }) => {
    const context = contextOf(app);
    if (!context) return { rounds: 0 };
    const rounds = await runLanes({
      lanes: LANES,
      until: Date.now() + WATCH_MS,
      stopping: context.stopping,
      round: async () => {
        const stop = m365RunDuration.startTimer({ kind: 'termine' });
        try {
          const worked = await pushDueTermine(context);
          if (worked) m365Runs.inc({ kind: 'termine', result: 'ok' });
          return worked;
        } catch (error) {
          m365Runs.inc({ kind: 'termine', result: 'fehler' });
          throw error;
        } finally {
          stop();
        }
      },
      // Nobody connected: nothing can come before the next minute's run.
      idle: async () => {
        return (await anyoneConnected(context.db)) ? (context.options.pushPollMs ?? 2_000) : null;
      },
    });
    return { rounds };
  },
});
