import type { FastifyBaseLogger } from 'fastify';

/** How a queue worker polls and how much it takes in one go. */
export interface QueueWorkerOptions {
  /** How often an idle instance looks for work (something another instance queued, or a restart left). */
  pollMs: number;
  /** Items handled before the worker gives the event loop back (requests of this instance go first). */
  batch: number;
  /** The log line when a round fails. */
  failureMessage: string;
}

/**
 * A worker over a queue that lives in PostgreSQL (rows claimed one at a time with FOR UPDATE SKIP LOCKED), on
 * whichever instance gets there: nothing lives in this process but the timer and the round in hand, so work an
 * instance leaves behind is done by the next. A subclass says how one item is taken and handled.
 */
export abstract class QueueWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  protected constructor(
    protected readonly log: FastifyBaseLogger,
    private readonly options: QueueWorkerOptions,
  ) {}

  /** Claims one item and handles it in its own transaction; answers false when none is left to claim. */
  protected abstract takeOne(): Promise<boolean>;

  /** Runs after each batch (e.g. ending jobs whose items are all done). */
  protected async afterBatch(): Promise<void> {}

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
  }

  /** Starts working now (something was just queued); a round already running takes another turn. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.workOff()
      .catch((error: unknown) => this.log.error({ err: error }, this.options.failureMessage))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops taking items; waits for the item in hand (its transaction) to end. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private async workOff(): Promise<void> {
    for (;;) {
      let handled = 0;
      while (handled < this.options.batch && !this.stopped && (await this.takeOne())) handled += 1;
      await this.afterBatch();
      if (handled < this.options.batch || this.stopped) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
