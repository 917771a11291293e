import type { FastifyBaseLogger } from 'fastify';
import { QueueWorker } from '../platform/jobs/queueWorker';
import type { Microsoft365Context } from './microsoft365Context';
import { m365RunDuration, m365Runs } from './microsoft365Metrics';
import { pushDueTermine } from './terminPush';

/**
 * The write path as a job: one round takes one person's due Termine (up to 20, a $batch) and writes them to
 * Outlook. Several lanes run side by side; the per-mailbox limit keeps any one mailbox at four calls.
 */
export class PushTermineJob extends QueueWorker {
  constructor(
    private readonly context: Microsoft365Context,
    log: FastifyBaseLogger,
  ) {
    super(log, {
      pollMs: context.options.pushPollMs ?? 2_000,
      batch: 5,
      failureMessage: 'Microsoft 365: Termine nicht nach Outlook geschrieben',
    });
  }

  protected async takeOne(): Promise<boolean> {
    const stop = m365RunDuration.startTimer({ kind: 'termine' });
    try {
      const worked = await pushDueTermine(this.context);
      if (worked) m365Runs.inc({ kind: 'termine', result: 'ok' });
      return worked;
    } catch (error) {
      m365Runs.inc({ kind: 'termine', result: 'fehler' });
      throw error;
    } finally {
      stop();
    }
  }
}
