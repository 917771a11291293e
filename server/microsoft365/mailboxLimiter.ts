/** Graph's limit: four requests in flight per app and mailbox; a fifth is refused with 429 (MailboxConcurrency). */
export const GRAPH_MAILBOX_CONCURRENCY = 4;

/** A counting semaphore: at most `limit` holders, the others wait in order. */
class Slots {
  private held = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async take(): Promise<void> {
    if (this.held < this.limit) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }

  get idle(): boolean {
    return this.held === 0 && this.waiting.length === 0;
  }
}

/**
 * At most `limit` Graph calls in flight per mailbox from this instance; the rest wait their turn instead of being
 * refused by Graph (a refused call costs a Retry-After wait; in other CRMs it cancelled a whole import). A
 * mailbox's calendar work runs on one instance at a time (its lease), so the limit holds for that work overall.
 */
export class MailboxLimiter {
  private readonly slots = new Map<string, Slots>();

  constructor(private readonly limit = GRAPH_MAILBOX_CONCURRENCY) {}

  async run<T>(mailbox: string, work: () => Promise<T>): Promise<T> {
    let slots = this.slots.get(mailbox);
    if (!slots) {
      slots = new Slots(this.limit);
      this.slots.set(mailbox, slots);
    }
    await slots.take();
    try {
      return await work();
    } finally {
      slots.give();
      if (slots.idle) this.slots.delete(mailbox);
    }
  }
}
