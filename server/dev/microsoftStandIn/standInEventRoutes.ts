import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Event } from '@microsoft/microsoft-graph-types';
import { graphError, itemNotFound } from './standInGraphError';
import { mailboxOf } from './standInGraphGuard';
import { shown } from './standInEventShape';
import type { StandInMailbox, StandInState, StoredEvent } from './standInState';

/** Tells the subscriptions of a mailbox that one of its events changed. */
export type NotifyChange = (
  box: StandInMailbox,
  eventId: string,
  change: 'created' | 'updated' | 'deleted',
) => void;

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

const liveEvent = (box: StandInMailbox, id: string): StoredEvent | undefined => {
  const stored = box.events.get(id);
  return stored && !stored.deleted ? stored : undefined;
};

/**
 * The signed-in person (`/me`), their default calendar and its events: create (with Graph's transactionId
 * guard), read, list filtered by one extended property, update with If-Match, delete.
 */
export function registerStandInEventRoutes(app: FastifyInstance, state: StandInState, notify: NotifyChange) {
  app.get('/v1.0/me', async (request) => {
    const box = mailboxOf(request);
    return { id: box.oid, displayName: box.displayName, mail: box.mail, userPrincipalName: box.mail };
  });
  app.get('/v1.0/me/calendar', async (request) => {
    const box = mailboxOf(request);
    return { id: box.calendarId, name: 'Kalender', canEdit: true, isDefaultCalendar: true };
  });

  const createEvent = async (request: FastifyRequest<{ Body: Event }>, reply: FastifyReply) => {
    const box = mailboxOf(request);
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
      if (request.params.calendarId !== mailboxOf(request).calendarId) return itemNotFound(reply);
      return createEvent(request, reply);
    },
  );

  app.get<{ Params: { id: string }; Querystring: { $expand?: string } }>(
    '/v1.0/me/events/:id',
    async (request, reply) => {
      const stored = liveEvent(mailboxOf(request), request.params.id);
      if (!stored) return itemNotFound(reply);
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
        .eventsOf(mailboxOf(request).oid)
        .filter((event) => !wanted || hasProperty(event, wanted.id, wanted.value));
      return { value: events.map((event) => shown(event, expand)) };
    },
  );
  app.patch<{ Params: { id: string }; Body: Event }>('/v1.0/me/events/:id', async (request, reply) => {
    const box = mailboxOf(request);
    const stored = liveEvent(box, request.params.id);
    if (!stored) return itemNotFound(reply);
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
    const box = mailboxOf(request);
    const stored = liveEvent(box, request.params.id);
    if (!stored) return itemNotFound(reply);
    state.touch(box, stored.event, true);
    notify(box, stored.event.id!, 'deleted');
    return reply.code(204).send();
  });
}
