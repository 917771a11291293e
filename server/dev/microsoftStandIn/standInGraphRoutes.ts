import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Event, Subscription } from '@microsoft/microsoft-graph-types';
import type { StandInMailbox, StandInState, StoredEvent } from './standInState';

/** Graph allows four concurrent requests per app and mailbox; a fifth gets 429 (MailboxConcurrency). */
export const MAILBOX_CONCURRENCY = 4;
/** Exchange Online's send limit: 30 messages a minute per mailbox. */
export const MESSAGES_PER_MINUTE = 30;
/** The longest lifetime of a subscription to Outlook events (7 days, in minutes). */
const MAX_SUBSCRIPTION_MINUTES = 10_080;

const graphError = (reply: FastifyReply, status: number, code: string, message: string) =>
  reply.code(status).send({
    error: {
      code,
      message,
      innerError: { date: new Date().toISOString(), 'request-id': randomBytes(8).toString('hex') },
    },
  });

interface DeltaCursor {
  /** Changes after this sequence number (0: the round's first, full pass)… */
  from: number;
  /** …up to this one (fixed when the round's first page was asked for). */
  to: number;
  start: string;
  end: string;
  offset: number;
}

const encodeCursor = (cursor: DeltaCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
const decodeCursor = (token: string): DeltaCursor | null => {
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString()) as DeltaCursor;
  } catch {
    return null;
  }
};

const instant = (value: { dateTime?: string | null; timeZone?: string | null } | null | undefined) => {
  const text = value?.dateTime ?? '';
  // Graph answers in UTC unless asked otherwise; a dateTime without offset is in its timeZone (UTC here).
  return Date.parse(/Z|[+-]\d\d:\d\d$/.test(text) ? text : `${text}Z`);
};

const inWindow = (event: Event, start: string, end: string) =>
  instant(event.start) < Date.parse(end) && instant(event.end) > Date.parse(start);

/** An event as Graph shows it: extended properties only when expanded. */
function shown(event: Event, expand = false): Event & { '@odata.etag'?: string } {
  const etag = { '@odata.etag': `W/"${event.changeKey}"` };
  if (expand) return { ...etag, ...event };
  const { singleValueExtendedProperties: _hidden, ...rest } = event;
  return { ...etag, ...rest };
}

/** The filter `singleValueExtendedProperties/Any(ep: ep/id eq '…' and ep/value eq '…')`, as the CRM sends it. */
function extendedPropertyFilter(filter: string | undefined) {
  const match =
    /singleValueExtendedProperties\/any\(ep:\s*ep\/id eq '((?:[^']|'')*)' and ep\/value eq '((?:[^']|'')*)'\)/i.exec(
      filter ?? '',
    );
  return match ? { id: match[1]!.replace(/''/g, "'"), value: match[2]!.replace(/''/g, "'") } : null;
}

const hasProperty = (event: Event, id: string, value: string) =>
  (event.singleValueExtendedProperties ?? []).some(
    (p) => p.id?.toLowerCase() === id.toLowerCase() && p.value === value,
  );

/**
 * Microsoft Graph v1.0 as far as the CRM calls it, in the documented shapes: the signed-in person (`/me`), their
 * default calendar, events (create, read, update, delete, extended properties, filter by one), the per-calendar
 * calendarView delta (pages, nextLink, deltaLink, `@removed`), `sendMail` (JSON or MIME), subscriptions with their
 * validation handshake, `$batch`, and the failures: 401 for expired or unknown tokens, 429/503 with Retry-After,
 * 429 for a fifth concurrent request of one mailbox, the per-mailbox send limit.
 */
export function registerStandInGraphRoutes(
  app: FastifyInstance,
  state: StandInState,
  notify: (box: StandInMailbox, eventId: string, change: 'created' | 'updated' | 'deleted') => void,
) {
  const boxOf = (request: FastifyRequest) =>
    (request as FastifyRequest & { mailbox: StandInMailbox }).mailbox;

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.replace(/\?.*$/, '');
    if (!/\/v1\.0\//.test(path)) return;
    const authorization = request.headers.authorization ?? '';
    const owner = state.accessTokenOwner(authorization.replace(/^Bearer /, ''));
    const immutableIds = /IdType="ImmutableId"/i.test(String(request.headers.prefer ?? ''));
    state.calls.push({
      method: request.method,
      path: path.replace(/^.*\/v1\.0/, ''),
      oid: typeof owner === 'object' ? owner.oid : undefined,
      immutableIds,
    });
    if (owner === 'expired') {
      return graphError(
        reply,
        401,
        'InvalidAuthenticationToken',
        'Lifetime validation failed, the token is expired.',
      );
    }
    if (!owner)
      return graphError(reply, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
    const box = state.mailbox(owner.oid);
    (request as FastifyRequest & { mailbox: StandInMailbox }).mailbox = box;
    if (path.endsWith('/$batch')) return;
    const throttle = state.throttles.get(box.oid);
    if (throttle && throttle.remaining > 0) {
      throttle.remaining -= 1;
      void reply.header('Retry-After', String(throttle.retryAfterSeconds));
      return throttle.status === 429
        ? graphError(reply, 429, 'TooManyRequests', 'Application is over its MailboxConcurrency limit.')
        : graphError(reply, 503, 'ServiceUnavailable', 'Service temporarily unavailable.');
    }
    const now = (state.inFlight.get(box.oid) ?? 0) + 1;
    if (now > MAILBOX_CONCURRENCY) {
      state.concurrencyRefusals += 1;
      void reply.header('Retry-After', '1');
      return graphError(
        reply,
        429,
        'ApplicationThrottled',
        'Application is over its MailboxConcurrency limit.',
      );
    }
    state.inFlight.set(box.oid, now);
    state.maxInFlight.set(box.oid, Math.max(now, state.maxInFlight.get(box.oid) ?? 0));
    (request as FastifyRequest & { counted?: boolean }).counted = true;
    if (state.latencyMs) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
  });
  app.addHook('onResponse', async (request) => {
    if (!(request as FastifyRequest & { counted?: boolean }).counted) return;
    const oid = boxOf(request).oid;
    state.inFlight.set(oid, (state.inFlight.get(oid) ?? 1) - 1);
  });

  app.get('/v1.0/me', async (request) => {
    const box = boxOf(request);
    return { id: box.oid, displayName: box.displayName, mail: box.mail, userPrincipalName: box.mail };
  });
  app.get('/v1.0/me/calendar', async (request) => {
    const box = boxOf(request);
    return { id: box.calendarId, name: 'Kalender', canEdit: true, isDefaultCalendar: true };
  });

  const createEvent = async (request: FastifyRequest<{ Body: Event }>, reply: FastifyReply) => {
    const box = boxOf(request);
    const body = request.body ?? {};
    if (!body.start?.dateTime || !body.end?.dateTime) {
      return graphError(reply, 400, 'ErrorInvalidRequest', 'Start and end are required.');
    }
    // Graph's guard against a repeated create: the same transactionId answers the event made the first time.
    const repeated = body.transactionId
      ? [...box.events.values()].find(
          (stored) => !stored.deleted && stored.event.transactionId === body.transactionId,
        )
      : undefined;
    if (repeated) return reply.code(201).send(shown(repeated.event));
    const id = `AAMkEv-${randomBytes(9).toString('base64url')}`;
    const event: Event = {
      ...body,
      id,
      iCalUId: `ical-${id}`,
      createdDateTime: new Date().toISOString(),
      isCancelled: false,
      isOrganizer: true,
      type: 'singleInstance',
      organizer: { emailAddress: { name: box.displayName, address: box.mail } },
      webLink: `https://outlook.office365.com/owa/?itemid=${id}`,
      attendees: body.attendees ?? [],
    };
    state.touch(box, event);
    notify(box, id, 'created');
    return reply.code(201).send(shown(event));
  };
  app.post('/v1.0/me/events', createEvent);
  app.post<{ Params: { calendarId: string }; Body: Event }>(
    '/v1.0/me/calendars/:calendarId/events',
    async (request, reply) => {
      if (request.params.calendarId !== boxOf(request).calendarId) {
        return graphError(
          reply,
          404,
          'ErrorItemNotFound',
          'The specified object was not found in the store.',
        );
      }
      return createEvent(request, reply);
    },
  );

  const liveEvent = (box: StandInMailbox, id: string): StoredEvent | undefined => {
    const stored = box.events.get(id);
    return stored && !stored.deleted ? stored : undefined;
  };

  app.get<{ Params: { id: string }; Querystring: { $expand?: string } }>(
    '/v1.0/me/events/:id',
    async (request, reply) => {
      const stored = liveEvent(boxOf(request), request.params.id);
      if (!stored)
        return graphError(
          reply,
          404,
          'ErrorItemNotFound',
          'The specified object was not found in the store.',
        );
      return shown(stored.event, /singleValueExtendedProperties/.test(request.query.$expand ?? ''));
    },
  );
  app.get<{ Querystring: { $filter?: string; $expand?: string } }>(
    '/v1.0/me/events',
    async (request, reply) => {
      const wanted = extendedPropertyFilter(request.query.$filter);
      if (request.query.$filter && !wanted) {
        return graphError(
          reply,
          400,
          'ErrorInvalidUrlQueryFilter',
          'The stand-in knows only the extended property filter.',
        );
      }
      const expand = /singleValueExtendedProperties/.test(request.query.$expand ?? '');
      const events = state
        .eventsOf(boxOf(request).oid)
        .filter((event) => !wanted || hasProperty(event, wanted.id, wanted.value));
      return { value: events.map((event) => shown(event, expand)) };
    },
  );
  app.patch<{ Params: { id: string }; Body: Event }>('/v1.0/me/events/:id', async (request, reply) => {
    const box = boxOf(request);
    const stored = liveEvent(box, request.params.id);
    if (!stored)
      return graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    // Outlook's optimistic concurrency: an If-Match with an older change key is refused, nothing is written.
    const ifMatch = request.headers['if-match'];
    if (
      ifMatch &&
      ifMatch !== '*' &&
      ifMatch.replace(/^W\//, '').replace(/"/g, '') !== stored.event.changeKey
    ) {
      return graphError(
        reply,
        412,
        'ErrorIrresolvableConflict',
        'The send or update operation could not be performed because the change key passed in the request does not match the current change key for the item.',
      );
    }
    const { singleValueExtendedProperties: properties, ...changes } = request.body ?? {};
    const merged: Event = { ...stored.event, ...changes };
    if (properties) {
      const byId = new Map((stored.event.singleValueExtendedProperties ?? []).map((p) => [p.id, p]));
      for (const property of properties) byId.set(property.id, property);
      merged.singleValueExtendedProperties = [...byId.values()];
    }
    state.touch(box, merged);
    notify(box, merged.id!, 'updated');
    return shown(merged);
  });
  app.delete<{ Params: { id: string } }>('/v1.0/me/events/:id', async (request, reply) => {
    const box = boxOf(request);
    const stored = liveEvent(box, request.params.id);
    if (!stored)
      return graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    state.touch(box, stored.event, true);
    notify(box, stored.event.id!, 'deleted');
    return reply.code(204).send();
  });

  app.get<{
    Params: { calendarId: string };
    Querystring: { startDateTime?: string; endDateTime?: string; $skiptoken?: string; $deltatoken?: string };
  }>('/v1.0/me/calendars/:calendarId/calendarView/delta', async (request, reply) => {
    const box = boxOf(request);
    if (request.params.calendarId !== box.calendarId) {
      return graphError(reply, 404, 'ErrorItemNotFound', 'The specified object was not found in the store.');
    }
    const query = request.query;
    let cursor: DeltaCursor | null;
    if (query.$skiptoken) cursor = decodeCursor(query.$skiptoken);
    else if (query.$deltatoken) {
      const last = decodeCursor(query.$deltatoken);
      cursor = last && { ...last, from: last.to, to: state.currentSeq, offset: 0 };
    } else {
      if (!query.startDateTime || !query.endDateTime) {
        return graphError(reply, 400, 'ErrorInvalidParameter', 'startDateTime and endDateTime are required.');
      }
      cursor = {
        from: 0,
        to: state.currentSeq,
        start: query.startDateTime,
        end: query.endDateTime,
        offset: 0,
      };
    }
    if (!cursor)
      return graphError(reply, 410, 'SyncStateNotFound', 'The sync state is invalid. Start a new round.');
    const pageSize = Number(/odata\.maxpagesize=(\d+)/.exec(String(request.headers.prefer ?? ''))?.[1] ?? 10);
    const { from, to, start, end } = cursor;
    const changes = [...box.events.values()]
      .filter((stored) => stored.seq > from && stored.seq <= to)
      .filter((stored) => from > 0 || (!stored.deleted && inWindow(stored.event, start, end)))
      .sort((a, b) => a.seq - b.seq);
    const page = changes.slice(cursor.offset, cursor.offset + pageSize).map((stored) =>
      stored.deleted || !inWindow(stored.event, start, end)
        ? {
            '@odata.type': '#microsoft.graph.event',
            id: stored.event.id,
            '@removed': { reason: 'deleted' },
          }
        : shown(stored.event),
    );
    const base = `${request.protocol}://${request.host}${request.url.replace(/\?.*$/, '')}`;
    const more = cursor.offset + pageSize < changes.length;
    const link = more
      ? {
          '@odata.nextLink': `${base}?$skiptoken=${encodeCursor({ ...cursor, offset: cursor.offset + pageSize })}`,
        }
      : { '@odata.deltaLink': `${base}?$deltatoken=${encodeCursor({ ...cursor, offset: 0 })}` };
    return { '@odata.context': `${base}/$metadata#Collection(event)`, value: page, ...link };
  });

  if (!app.hasContentTypeParser('text/plain')) {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  app.post<{ Body: { message?: Record<string, unknown>; saveToSentItems?: boolean } | string }>(
    '/v1.0/me/sendMail',
    async (request, reply) => {
      const box = boxOf(request);
      const recent = box.sent.filter((sent) => sent.at > Date.now() - 60_000);
      if (recent.length >= MESSAGES_PER_MINUTE) {
        const wait = Math.max(1, Math.ceil((recent[0]!.at + 60_000 - Date.now()) / 1000));
        void reply.header('Retry-After', String(wait));
        return graphError(reply, 429, 'ErrorExceededMessageLimit', 'Message limit of 30 a minute exceeded.');
      }
      if (typeof request.body === 'string') {
        const mime = Buffer.from(request.body, 'base64').toString('utf8');
        if (!/^to:/im.test(mime))
          return graphError(reply, 400, 'ErrorMimeContentInvalid', 'The MIME content is invalid.');
        box.sent.push({ at: Date.now(), mime, saveToSentItems: true });
        return reply.code(202).send();
      }
      const message = request.body?.message;
      const to = (message?.toRecipients as unknown[] | undefined) ?? [];
      if (!message || to.length === 0) {
        return graphError(reply, 400, 'ErrorInvalidRecipients', 'At least one recipient is not valid.');
      }
      box.sent.push({ at: Date.now(), message, saveToSentItems: request.body?.saveToSentItems !== false });
      return reply.code(202).send();
    },
  );

  const validate = async (url: string) => {
    const token = randomBytes(12).toString('hex');
    try {
      const answer = await fetch(
        `${url}${url.includes('?') ? '&' : '?'}validationToken=${encodeURIComponent(token)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'text/plain; charset=utf-8' },
          signal: AbortSignal.timeout(10_000),
        },
      );
      return answer.status === 200 && (await answer.text()) === token;
    } catch {
      return false;
    }
  };
  app.post<{ Body: Subscription }>('/v1.0/subscriptions', async (request, reply) => {
    const box = boxOf(request);
    const body = request.body ?? {};
    const expires = Date.parse(body.expirationDateTime ?? '');
    if (!body.notificationUrl || !body.resource || !body.changeType || Number.isNaN(expires)) {
      return graphError(
        reply,
        400,
        'InvalidRequest',
        'notificationUrl, resource, changeType and expirationDateTime are required.',
      );
    }
    if (expires > Date.now() + MAX_SUBSCRIPTION_MINUTES * 60_000) {
      return graphError(
        reply,
        400,
        'InvalidRequest',
        'Subscription expiration can only be 10080 minutes in the future.',
      );
    }
    const urls = [body.notificationUrl, body.lifecycleNotificationUrl].filter((u): u is string => !!u);
    for (const url of urls) {
      if (!(await validate(url))) {
        return graphError(
          reply,
          400,
          'ValidationError',
          `Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request: ${url}`,
        );
      }
    }
    const subscription = {
      ...body,
      id: randomBytes(8).toString('hex'),
      oid: box.oid,
      applicationId: 'stand-in',
    };
    state.subscriptions.set(subscription.id, subscription);
    const { oid: _owner, ...answer } = subscription;
    return reply.code(201).send(answer);
  });
  app.patch<{ Params: { id: string }; Body: Subscription }>(
    '/v1.0/subscriptions/:id',
    async (request, reply) => {
      const subscription = state.subscriptions.get(request.params.id);
      if (!subscription || subscription.oid !== boxOf(request).oid) {
        return graphError(reply, 404, 'ResourceNotFound', 'The object was not found.');
      }
      subscription.expirationDateTime = request.body?.expirationDateTime ?? subscription.expirationDateTime;
      const { oid: _owner, ...answer } = subscription;
      return answer;
    },
  );
  app.delete<{ Params: { id: string } }>('/v1.0/subscriptions/:id', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    if (!subscription || subscription.oid !== boxOf(request).oid) {
      return graphError(reply, 404, 'ResourceNotFound', 'The object was not found.');
    }
    state.subscriptions.delete(request.params.id);
    return reply.code(204).send();
  });

  app.post<{
    Body: {
      requests?: {
        id: string;
        method: string;
        url: string;
        headers?: Record<string, string>;
        body?: unknown;
      }[];
    };
  }>('/v1.0/$batch', async (request, reply) => {
    const requests = request.body?.requests ?? [];
    if (requests.length === 0 || requests.length > 20) {
      return graphError(reply, 400, 'BadRequest', 'A batch holds 1 to 20 requests.');
    }
    const base = request.url.replace(/\/\$batch.*$/, '');
    const responses = [];
    for (const item of requests) {
      const answer = await app.inject({
        method: item.method as 'GET',
        url: `${base}${item.url.startsWith('/') ? '' : '/'}${item.url}`,
        headers: {
          ...(item.headers ?? {}),
          authorization: request.headers.authorization ?? '',
          prefer: item.headers?.Prefer ?? item.headers?.prefer ?? String(request.headers.prefer ?? ''),
        },
        ...(item.body === undefined ? {} : { payload: item.body as object }),
      });
      const headers: Record<string, string> = {};
      const retryAfter = answer.headers['retry-after'];
      if (retryAfter) headers['Retry-After'] = String(retryAfter);
      responses.push({
        id: item.id,
        status: answer.statusCode,
        headers,
        body: answer.body ? (JSON.parse(answer.body) as unknown) : undefined,
      });
    }
    return { responses };
  });
}
