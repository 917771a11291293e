import type { FastifyInstance } from 'fastify';
import {
  exportBulkSelection,
  getBulkJob,
  previewBulkMail,
  startBulkAction,
} from '../../src/resources/bulkActions/bulkActions.endpoints';
import { inTransaction } from '../platform/db/inTransaction';
import { assertSeller } from '../platform/auth/customerAccess';
import { sendWorkbook } from '../platform/excel/sendWorkbook';
import { selectionExport } from './exportSelection';
import { endpointRoute } from '../platform/http/endpointRoute';
import { createJob, readJob } from './bulkJobQueries';
import type { BulkWorker } from './bulkWorker';
import { previewBulkMail as previewMail } from './bulkMailPreview';

/** Sammelaktionen: start one on a selection (idempotent), and follow its progress and report. */
export function registerBulkActionRoutes(app: FastifyInstance, worker: BulkWorker) {
  endpointRoute(app, startBulkAction, async (request, _reply, trx) => {
    const { target, action, selection } = request.body;
    // A Verkäufer needs customer access, as on the Vorgang page (the worker later has no one to ask the directory).
    if (action.kind === 'verkaeufer') {
      await assertSeller(trx, app.directory, request.credentials!, action.userId, 'userId');
    }
    // One transaction also without an Idempotency-Key: a job committed before its items was marked finished by
    // the worker with nothing done, and a refusal after its insert left it behind.
    return inTransaction(trx, async (db) => {
      const id = await createJob(db, request.caller!, target, action, selection, app.timeZone);
      return readJob(db, request.caller!, id);
    });
  });
  endpointRoute(app, exportBulkSelection, async (request, reply) => {
    // Resolved (and a bad filter refused, German 400) before the first byte of the file.
    const { fileName, write } = await selectionExport(app.db, request.caller!, request.body, app.timeZone);
    return sendWorkbook(request, reply, fileName, write);
  });
  endpointRoute(app, getBulkJob, async (request) => readJob(app.db, request.caller!, request.params.id));
  endpointRoute(app, previewBulkMail, async (request) => {
    const { target, templateId, selection } = request.body;
    return previewMail(app.db, request.caller!, target, templateId, selection, app.timeZone);
  });

  // The job's items are visible to the worker only once the create's transaction has committed, which is
  // after the handler: the answer's end is the moment to start (the poll would find them a little later).
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url === `/api/${startBulkAction.path}` && reply.statusCode === 200)
      worker.kick();
  });
}
