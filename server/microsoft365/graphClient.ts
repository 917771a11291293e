import {
  Client,
  HTTPMessageHandler,
  RetryHandler,
  RetryHandlerOptions,
  type Context,
  type Middleware,
} from '@microsoft/microsoft-graph-client';
import { GRAPH_MAILBOX_CONCURRENCY, MailboxLimiter } from './mailboxLimiter';
import type { Database } from '../platform/db/database';
import type { MailboxTokens } from './mailboxTokens';
import { graphCallKind, graphCalls, graphThrottled } from './microsoft365Metrics';

/** Every call asks for immutable ids: an event keeps its id when moved, so the CRM's link to it holds. */
export const IMMUTABLE_IDS = 'IdType="ImmutableId"';

type Headers = Record<string, string>;

const headersOf = (context: Context): Headers => {
  context.options ??= {};
  const headers = (context.options.headers ?? {}) as Headers;
  context.options.headers = headers;
  return headers;
};

/** One middleware step that runs code around the rest of the chain. */
abstract class Step implements Middleware {
  protected next!: Middleware;
  setNext(next: Middleware): void {
    this.next = next;
  }
  abstract execute(context: Context): Promise<void>;
}

/**
 * Adds the mailbox owner's access token, only for Graph's own address (a link pointing elsewhere gets none); on
 * 401 (expired or revoked access token) it renews the token once and sends the call again.
 */
class MailboxAuth extends Step {
  constructor(
    private readonly graphBaseUrl: string,
    private readonly token: (failed?: string) => Promise<string>,
  ) {
    super();
  }
  async execute(context: Context): Promise<void> {
    const url = typeof context.request === 'string' ? context.request : context.request.url;
    if (!url.startsWith(`${this.graphBaseUrl}/`)) throw new Error(`Kein Aufruf an Microsoft Graph: ${url}`);
    const headers = headersOf(context);
    const token = await this.token();
    headers.Authorization = `Bearer ${token}`;
    headers.Prefer = [headers.Prefer, IMMUTABLE_IDS].filter(Boolean).join(', ');
    await this.next.execute(context);
    if (context.response?.status === 401) {
      headers.Authorization = `Bearer ${await this.token(token)}`;
      await this.next.execute(context);
    }
  }
}

/** Waits for one of the mailbox's slots (at most four calls in flight, on all instances) around the actual request. */
class MailboxSlot extends Step {
  constructor(
    private readonly limiter: MailboxLimiter,
    private readonly mailbox: string,
  ) {
    super();
  }
  async execute(context: Context): Promise<void> {
    await this.limiter.run(this.mailbox, () => this.next.execute(context));
  }
}

/** Counts each answer by kind and status; 429 and 503 also as throttled. */
class Measure extends Step {
  async execute(context: Context): Promise<void> {
    const url = typeof context.request === 'string' ? context.request : context.request.url;
    const kind = graphCallKind(url);
    try {
      await this.next.execute(context);
    } finally {
      const status = String(context.response?.status ?? 'fehler');
      graphCalls.inc({ kind, status });
      if (status === '429' || status === '503') graphThrottled.inc({ kind });
    }
  }
}

export interface GraphClients {
  /** Graph as the person `userId` (their delegated token, their mailbox's slots). */
  forUser(userId: number): Client;
  /** Graph with a token in hand (the connection being made), still within the mailbox's slots. */
  withToken(mailboxKey: string, token: string): Client;
  /** A full nextLink/deltaLink as the path the client takes (the same host only). */
  pathOf(link: string): string;
  readonly limiter: MailboxLimiter;
}

/**
 * The official Graph client (`@microsoft/microsoft-graph-client`) per mailbox, with its own chain: the owner's
 * token (renewed on 401), the library's RetryHandler (429, 503 and 504 again after Retry-After, else with
 * growing pauses), at most four calls in flight per mailbox over all instances, and the metrics. The same code talks to Graph and to
 * the stand-in of development and tests (`graphBaseUrl`).
 */
export function createGraphClients(
  graphBaseUrl: string,
  tokens: MailboxTokens,
  db: Database | null,
  concurrency = GRAPH_MAILBOX_CONCURRENCY,
): GraphClients {
  const base = graphBaseUrl.replace(/\/$/, '');
  const limiter = new MailboxLimiter(db, concurrency);
  const build = (mailbox: string, token: (failed?: string) => Promise<string>) =>
    Client.initWithMiddleware({
      baseUrl: base,
      defaultVersion: 'v1.0',
      middleware: [
        new MailboxAuth(base, token),
        new RetryHandler(new RetryHandlerOptions(1, 5)),
        new MailboxSlot(limiter, mailbox),
        new Measure(),
        new HTTPMessageHandler(),
      ],
    });
  return {
    limiter,
    forUser: (userId) => build(`user:${userId}`, (failed) => tokens.accessToken(userId, failed)),
    withToken: (mailboxKey, token) => build(mailboxKey, async () => token),
    pathOf(link) {
      const prefix = `${base}/v1.0`;
      if (!link.startsWith(`${prefix}/`)) throw new Error(`Unerwarteter Link von Graph: ${link}`);
      return link.slice(prefix.length);
    },
  };
}
