import type { FastifyInstance } from 'fastify';
import { graphError, itemNotFound } from './standInGraphError';
import { mailboxOf } from './standInGraphGuard';
import { inWindow, shown } from './standInEventShape';
import type { StandInState } from './standInState';

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

/** The per-calendar calendarView delta: pages, nextLink, deltaLink and `@removed` for what left the window. */
export function registerStandInDeltaRoute(app: FastifyInstance, state: StandInState) {
  app.get<{
    Params: { calendarId: string };
    Querystring: { startDateTime?: string; endDateTime?: string; $skiptoken?: string; $deltatoken?: string };
  }>('/v1.0/me/calendars/:calendarId/calendarView/delta', async (request, reply) => {
    const box = mailboxOf(request);
    if (request.params.calendarId !== box.calendarId) return itemNotFound(reply);
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
}
