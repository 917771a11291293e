import type { FastifyInstance } from 'fastify';
import {
  exportBulkSelection,
  getBulkJob,
  previewBulkMail,
  startBulkAction,
} from '../../src/resources/bulkActions/bulkActions.endpoints';
import {
  getBulkJobItems,
  listBulkJobs,
  undoBulkJob,
} from '../../src/resources/bulkActions/bulkJobs.endpoints';
import { listJobs, readJobItems } from './bulkJobReportQueries';
import { createUndoJob } from './undoBulkJob';
import { inTransaction } from '../platform/db/inTransaction';
import { assertSeller } from '../platform/auth/customerAccess';
import { sendWorkbook } from '../platform/excel/sendWorkbook';
import { selectionExport } from './exportSelection';
import { endpointRoute } from '../platform/http/endpointRoute';
import { createJob, readJob } from './bulkJobQueries';
import { bulkItemsJob, queueBulkItems } from './bulkItemsJob';
import { previewBulkMail as previewMail } from './bulkMailPreviewQueries';

/**
 * Sammelaktionen: start one on a selection (idempotent), follow its progress and report; the administration's
 * list of all jobs and their undo. `massLimit`: more records need a lead or the administration.
 */
export function registerBulkActionRoutes(app: FastifyInstance, massLimit: number) {
  endpointRoute(app, startBulkAction, async (request, _reply, trx) => {
    const { target, action, selection } = request.body;
    // A Verkäufer needs customer access, as on the Vorgang page (the worker later has no one to ask the directory).
    if (action.kind === 'verkaeufer') {
      await assertSeller(trx, app.directory, request.credentials!, action.userId, 'userId');
    }
    // One transaction also without an Idempotency-Key: a job committed before its items was marked finished by
    // the worker with nothing done, and a refusal after its insert left it behind.
    return inTransaction(trx, async (db) => {
      const id = await createJob(db, request.caller!, target, action, selection, app.timeZone, massLimit);
      await queueBulkItems(app.jobs, db, id);
      return readJob(db, request.caller!, id);
    });
  });
  endpointRoute(app, exportBulkSelection, async (request, reply) => {
    // Resolved (and a bad filter refused, German 400) before the first byte of the file.
    const { fileName, write, subject } = await selectionExport(
      app.db,
      request.caller!,
      request.body,
      app.timeZone,
    );
    return sendWorkbook(request, reply, fileName, write, subject);
  });
  endpointRoute(app, getBulkJob, async (request) => readJob(app.db, request.caller!, request.params.id));
  endpointRoute(app, getBulkJobItems, async (request) =>
    readJobItems(app.db, request.caller!, request.params.id, request.query),
  );
  endpointRoute(app, listBulkJobs, async (request) => listJobs(app.db, request.query));
  endpointRoute(app, undoBulkJob, async (request, _reply, trx) =>
    inTransaction(trx, async (db) => {
      const id = await createUndoJob(db, request.caller!, request.params.id);
      await queueBulkItems(app.jobs, db, id);
      return readJob(db, request.caller!, id);
    }),
  );
  endpointRoute(app, previewBulkMail, async (request) => {
    const { target, templateId, selection, refusedOffset } = request.body;
    return previewMail(app.db, request.caller!, target, templateId, selection, app.timeZone, refusedOffset);
  });

  // The job's chunks are visible to the workers only once the create's transaction has committed, which is
  // after the handler: the answer's end is the moment to wake this instance's worker (the others poll).
  const starts = new Set([`/api/${startBulkAction.path}`, `/api/${undoBulkJob.path}`]);
  app.addHook('onResponse', async (request, reply) => {
    if (starts.has(request.routeOptions.url ?? '') && reply.statusCode === 200) app.jobs.wake(bulkItemsJob);
  });
}
