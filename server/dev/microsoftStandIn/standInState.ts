import { randomBytes } from 'node:crypto';
import type { ChangeNotification, Event, Subscription } from '@microsoft/microsoft-graph-types';

/** One person's mailbox in the stand-in: their calendar's events and what left their mailbox. */
export interface StandInMailbox {
  oid: string;
  mail: string;
  displayName: string;
  calendarId: string;
  /** Events by id; a deleted one stays as a tombstone for delta rounds. */
  events: Map<string, StoredEvent>;
  /** Mails sent through sendMail, oldest first (JSON messages, or the MIME text as sent). */
  sent: SentByGraph[];
  /** Scopes the person consented to (incremental: each consent adds). */
  consented: Set<string>;
}

/** An event as stored, with the sequence number of its last change (delta rounds compare it). */
export interface StoredEvent {
  event: Event;
  seq: number;
  deleted: boolean;
}

export interface SentByGraph {
  at: number;
  /** The message as JSON (`sendMail` with a message object). */
  message?: Record<string, unknown>;
  /** The message as MIME text (`sendMail` with a base64 MIME body). */
  mime?: string;
  saveToSentItems: boolean;
}

/** A refused or answered token, by its opaque value. */
interface IssuedToken {
  oid: string;
  scopes: string[];
  expiresAt: number;
}

/** Answers the stand-in gives instead of the real one, to test throttling (429/503 with Retry-After). */
export interface Throttle {
  status: 429 | 503;
  retryAfterSeconds: number;
  /** How many of the next calls of this mailbox get it. */
  remaining: number;
}

/** The stand-in's state: what tests look at and change (as a person would in Outlook, or Entra would). */
export class StandInState {
  readonly mailboxes = new Map<string, StandInMailbox>();
  readonly subscriptions = new Map<string, Subscription & { oid: string }>();
  private readonly accessTokens = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, IssuedToken>();
  private sequence = 0;
  /** Calls per mailbox now in flight, and the most seen at once. */
  readonly inFlight = new Map<string, number>();
  readonly maxInFlight = new Map<string, number>();
  /** Every Graph call (method and path), for tests that count calls. */
  readonly calls: { method: string; path: string; oid?: string; immutableIds: boolean }[] = [];
  readonly throttles = new Map<string, Throttle>();
  /** Calls answered 429 because more than four were in flight for one mailbox. */
  concurrencyRefusals = 0;
  /** Milliseconds each Graph call waits before answering (to make concurrency visible). */
  latencyMs = 0;
  /**
   * When set, a call waits (up to 5 s) until its mailbox has had this many calls in flight at once: a test then sees
   * the CRM's own limit, not how fast a busy machine started the calls.
   */
  holdUntilInFlight = 0;
  /** Lifetime of issued access tokens. */
  accessTokenSeconds = 3600;
  /** Token endpoint calls by grant type. */
  readonly tokenRequests: { grantType: string; oid?: string; scope: string }[] = [];
  /** Notifications the stand-in posted, and what the CRM answered. */
  readonly notificationsPosted: { url: string; status: number }[] = [];

  /** The mailbox of a person, created at first sight (as Exchange has one for every licensed person). */
  mailbox(oid: string, mail = `${oid}@example.com`, displayName = mail): StandInMailbox {
    let box = this.mailboxes.get(oid);
    if (!box) {
      box = {
        oid,
        mail,
        displayName,
        calendarId: `AAMkCal-${oid}`,
        events: new Map(),
        sent: [],
        consented: new Set(),
      };
      this.mailboxes.set(oid, box);
    }
    return box;
  }

  mailboxByMail(mail: string): StandInMailbox | undefined {
    return [...this.mailboxes.values()].find((box) => box.mail.toLowerCase() === mail.toLowerCase());
  }

  nextSeq(): number {
    this.sequence += 1;
    return this.sequence;
  }

  get currentSeq(): number {
    return this.sequence;
  }

  issueTokens(oid: string, scopes: string[]) {
    const access = `sa.${oid}.${randomBytes(8).toString('hex')}`;
    const refresh = `sr.${oid}.${randomBytes(8).toString('hex')}`;
    const expiresAt = Date.now() + this.accessTokenSeconds * 1000;
    this.accessTokens.set(access, { oid, scopes, expiresAt });
    this.refreshTokens.set(refresh, { oid, scopes, expiresAt: Date.now() + 90 * 86_400_000 });
    return { access, refresh, expiresIn: this.accessTokenSeconds };
  }

  /** The person an access token belongs to: 'expired' past its lifetime, undefined for an unknown one. */
  accessTokenOwner(token: string): IssuedToken | 'expired' | undefined {
    const issued = this.accessTokens.get(token);
    if (!issued) return undefined;
    return issued.expiresAt <= Date.now() ? 'expired' : issued;
  }

  /** Takes a refresh token (one use: Entra rotates them); undefined when revoked or unknown. */
  takeRefreshToken(token: string): IssuedToken | undefined {
    const issued = this.refreshTokens.get(token);
    this.refreshTokens.delete(token);
    return issued;
  }

  /** As an admin's "Revoke sessions" or a password change: every token of the person stops working. */
  revoke(oid: string): void {
    for (const map of [this.accessTokens, this.refreshTokens]) {
      for (const [token, issued] of map) if (issued.oid === oid) map.delete(token);
    }
  }

  /** Lets the person's access tokens run out now (the next Graph call answers 401). */
  expireAccessTokens(oid: string): void {
    for (const issued of this.accessTokens.values())
      if (issued.oid === oid) issued.expiresAt = Date.now() - 1;
  }

  /** The next `count` calls of the mailbox get `status` with Retry-After. */
  throttle(oid: string, count: number, retryAfterSeconds = 1, status: 429 | 503 = 429): void {
    this.throttles.set(oid, { status, retryAfterSeconds, remaining: count });
  }

  /** The live events of a mailbox (not deleted). */
  eventsOf(oid: string): Event[] {
    return [...(this.mailboxes.get(oid)?.events.values() ?? [])]
      .filter((e) => !e.deleted)
      .map((e) => e.event);
  }

  /** Stores a change of an event (as Outlook would) and tells the subscriptions. */
  touch(box: StandInMailbox, event: Event, deleted = false): StoredEvent {
    const stored = { event, seq: this.nextSeq(), deleted };
    event.changeKey = randomBytes(6).toString('base64');
    event.lastModifiedDateTime = new Date().toISOString();
    box.events.set(event.id!, stored);
    return stored;
  }

  /** Notifications to post for a change of an event of `box` (the plugin posts them). */
  notificationsFor(box: StandInMailbox, eventId: string, changeType: 'created' | 'updated' | 'deleted') {
    return [...this.subscriptions.values()]
      .filter((s) => s.oid === box.oid && s.changeType?.split(',').includes(changeType))
      .map((s) => ({
        url: s.notificationUrl!,
        body: {
          value: [
            {
              subscriptionId: s.id!,
              clientState: s.clientState ?? null,
              changeType,
              resource: `Users/${box.oid}/Events/${eventId}`,
              resourceData: { '@odata.type': '#Microsoft.Graph.Event', id: eventId },
              subscriptionExpirationDateTime: s.expirationDateTime,
              tenantId: 'stand-in',
            } satisfies Partial<ChangeNotification> & Record<string, unknown>,
          ],
        },
      }));
  }
}
