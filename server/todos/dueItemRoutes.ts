import type { FastifyInstance } from 'fastify';
import {
  getTodoCount,
  getTodos,
  markDueItemDone,
  postponeDueItem,
  reopenDueItem,
} from '../../src/resources/todos/dueItems.endpoints';
import { exportVorgangFaelligExcel, getVorgangsFaellig } from '../../src/resources/todos/dueLabels.endpoints';
import { sendSheet } from '../platform/excel/excelExport';
import { endpointRoute } from '../platform/http/endpointRoute';
import { markDone, postpone, reopen } from './dueItemChanges';
import { companyTodayInDb } from '../platform/db/companyToday';
import { dueItems, urgentCount } from './dueItemQueries';
import { dueLabelExport } from './exportDueLabels';
import { resolveScope } from '../platform/auth/viewerScope';

/** Todos and Fällige Labels: read the due items of a scope, mark them done, move them, undo. */
export function registerDueItemRoutes(app: FastifyInstance) {
  const { db } = app;

  endpointRoute(app, getTodos, async (request) =>
    dueItems(db, app.timeZone, await resolveScope(db, request.caller!, request.query), 'todos'),
  );

  endpointRoute(app, getTodoCount, async (request) => ({
    urgent: await urgentCount(db, app.timeZone, await resolveScope(db, request.caller!, {})),
  }));

  endpointRoute(app, getVorgangsFaellig, async (request) =>
    dueItems(db, app.timeZone, await resolveScope(db, request.caller!, request.query), 'labels'),
  );

  endpointRoute(app, exportVorgangFaelligExcel, async (request, reply) => {
    const scope = await resolveScope(db, request.caller!, request.query); // 403 before the first byte
    const today = await companyTodayInDb(db, app.timeZone);
    const spec = dueLabelExport(scope, today);
    return sendSheet(request, reply, app.readDb(request), {
      spec,
      fileName: `Faellige_Labels_${today}.xlsx`,
      subject: 'Fällige Labels (Liste)',
    });
  });

  // Idempotent (the Idempotency-Key of an offline outbox's entry): `trx` also stores the key and the answer.
  endpointRoute(app, markDueItemDone, async (request, _reply, trx) =>
    markDone(trx, request.caller!, request.body.key, request.body),
  );

  endpointRoute(app, postponeDueItem, async (request, _reply, trx) =>
    postpone(trx, request.caller!, request.body.key, request.body, request.body.dueDate),
  );

  endpointRoute(app, reopenDueItem, async (request) =>
    reopen(db, request.caller!, request.body.key, request.body),
  );
}
