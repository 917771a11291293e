import { randomUUID } from 'node:crypto';
import type { Database } from '../platform/db/database';
import { claimMailboxSlot, releaseMailboxSlot } from './mailboxSlotQueries';

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

/** How long a slot holds without being given back: longer than any Graph call; an instance that stopped frees it then. */
export const MAILBOX_SLOT_LEASE_MS = 120_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * At most `limit` Graph calls in flight per mailbox over all instances sharing the database (its slots in
 * `m365_mailbox_slot`, mailboxSlotQueries.ts); the rest wait their turn instead of being refused by Graph (a
 * refused call costs a Retry-After wait; in other CRMs it cancelled a whole import). Calls of this instance first
 * queue here, so only as many as could run ask the database; without a database (unit use) the limit is this
 * instance's.
 */
export class MailboxLimiter {
  private readonly slots = new Map<string, Slots>();

  constructor(
    private readonly db: Database | null,
    private readonly limit = GRAPH_MAILBOX_CONCURRENCY,
    private readonly leaseMs = MAILBOX_SLOT_LEASE_MS,
  ) {}

  async run<T>(mailbox: string, work: () => Promise<T>): Promise<T> {
    let slots = this.slots.get(mailbox);
    if (!slots) {
      slots = new Slots(this.limit);
      this.slots.set(mailbox, slots);
    }
    await slots.take();
    try {
      if (!this.db) return await work();
      const holder = randomUUID();
      const slot = await this.claim(this.db, mailbox, holder);
      try {
        return await work();
      } finally {
        // A slot not given back (the database away for a moment) frees itself when its lease ends.
        await releaseMailboxSlot(this.db, mailbox, slot, holder).catch(() => undefined);
      }
    } finally {
      slots.give();
      if (slots.idle) this.slots.delete(mailbox);
    }
  }

  /** Waits for a slot of the mailbox held by no instance, asking again after growing, jittered pauses. */
  private async claim(db: Database, mailbox: string, holder: string): Promise<number> {
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      const slot = await claimMailboxSlot(db, mailbox, this.limit, holder, this.leaseMs);
      if (slot !== null) return slot;
      await pause(wait / 2 + Math.random() * wait);
    }
  }
}
