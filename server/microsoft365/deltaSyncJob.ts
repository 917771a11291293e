import type { FastifyBaseLogger } from 'fastify';
import { QueueWorker } from '../platform/jobs/queueWorker';
import { claimDueConnection, runDelta } from './deltaSync';
import type { Microsoft365Context } from './microsoft365Context';

/**
 * The read-back as a job: each round takes the connection whose delta is due longest (leased, so one instance
 * runs a person's calendar at a time) and runs its delta; a notification or a new connection makes it due now.
 */
export class DeltaSyncJob extends QueueWorker {
  constructor(
    private readonly context: Microsoft365Context,
    log: FastifyBaseLogger,
  ) {
    super(log, {
      pollMs: 5_000,
      batch: 10,
      failureMessage: 'Microsoft 365: Abgleich mit Outlook fehlgeschlagen',
    });
  }

  protected async takeOne(): Promise<boolean> {
    const connection = await claimDueConnection(this.context.db);
    if (!connection) return false;
    await runDelta(this.context, connection).catch((error: unknown) =>
      this.log.warn(
        { err: error, userId: connection.userId },
        'Microsoft 365: Abgleich mit Outlook fehlgeschlagen',
      ),
    );
    return true;
  }
}
