import type { FastifyInstance } from 'fastify';
import {
  getKanban,
  getKanbanEvents,
  getKanbanPage,
} from '../../../src/resources/vorgaenge/kanban/kanban.endpoints';
import { endpointRoute } from '../../platform/http/endpointRoute';
import { badRequest } from '../../platform/http/apiError';
import type { ListContext } from '../vorgangListQueries';
import { readBoard, readColumnPage } from './kanbanQueries';
import { startKanbanHub } from './kanbanStream';

/** Where a reconnecting stream resumes: the Last-Event-ID header (EventSource, fetch) or `?lastEventId=`. */
function resumeAfter(header: string | string[] | undefined, query: string | undefined): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim() || query;
  if (value === undefined || value === '') return undefined;
  if (!/^[0-9]{1,18}$/.test(value)) {
    throw badRequest(
      'Ungültige Last-Event-ID: erwartet wird die Nummer des zuletzt erhaltenen Ereignisses.',
      {
        lastEventId: 'keine Ereignisnummer',
      },
    );
  }
  return Number(value);
}

/** The Kartenansicht: the board, more cards of a column, and the live event stream. */
export async function registerKanbanRoutes(app: FastifyInstance) {
  const { db } = app;
  const contextOf = (oid: string): ListContext => ({ callerOid: oid, zone: app.timeZone });

  endpointRoute(app, getKanban, async (request) =>
    readBoard(db, request.query, contextOf(request.caller!.oid)),
  );
  endpointRoute(app, getKanbanPage, async (request) =>
    readColumnPage(db, request.query, contextOf(request.caller!.oid)),
  );

  const hub = await startKanbanHub(db, (message) => app.log.warn(message));
  // Streams end before the server closes (Fastify waits for open requests, and a stream never ends by itself).
  app.addHook('preClose', async () => hub.close());
  endpointRoute(app, getKanbanEvents, async (request, reply) => {
    const after = resumeAfter(request.headers['last-event-id'], request.query.lastEventId);
    await hub.open(reply, request.caller!.oid, after);
    return reply;
  });
}
