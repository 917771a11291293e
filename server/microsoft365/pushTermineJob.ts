import { defineLaneJob } from './laneJob';
import { m365RunDuration, m365Runs } from './microsoft365Metrics';
import { pushDueTermine } from './terminPush';

/**
 * The write path: the Termine the activity trigger queued (m365_event) go to Outlook. Each round claims one
 * person's due Termine (up to 20, one $batch) with SKIP LOCKED and a lease, so two runs on two instances never
 * write the same Termin and a stopped instance's rows come back by themselves. Runs every minute and watches the
 * queue for most of it; a connection or a decided conflict queues one at once. A repeated run finds nothing due.
 */
export const pushTermineJob = defineLaneJob({
  name: 'microsoft365.pushTermine',
  label: 'Termine nach Outlook schreiben',
  pollMs: (options) => options.pushPollMs ?? 2_000,
  round: async (context) => {
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
});
