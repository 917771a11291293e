import type { FastifyInstance } from 'fastify';
import {
  createAutomation as createEndpoint,
  exportAutomationRuns,
  getAutomation,
  getAutomationOptions,
  listAutomationRuns,
  listAutomations as listEndpoint,
  setAutomationState as stateEndpoint,
  simulateAutomation,
  updateAutomation as updateEndpoint,
} from '../../src/resources/automation/automation.endpoints';
import { sendSheet } from '../platform/excel/excelExport';
import { companyTodayInDb } from '../platform/db/companyToday';
import { endpointRoute } from '../platform/http/endpointRoute';
import { notFound } from '../platform/http/apiError';
import { automationAccessOf, checkAutomationReach } from './automationAccess';
import {
  automationDetail,
  createAutomation,
  listAutomations,
  readAutomation,
  setAutomationState,
  updateAutomation,
} from './automationStoreQueries';
import { checkInput } from './automationInputQueries';
import { automationOptions } from './automationOptionQueries';
import { timeTriggersJob } from './automationEngine';
import type { RunDeps } from './runExecutor';
import { listRuns, runExport } from './runLogQueries';
import { simulate } from './simulate';
import { offerCadenceOf, stopOfferCadence } from './offerCadence';
import {
  getOfferCadence,
  stopOfferCadence as stopCadenceEndpoint,
} from '../../src/resources/automation/offerCadence.endpoints';
import { companyToday } from '../../src/config/companyTime';

/** Admin → Automatisierung: list, form, activate/pause, Simulieren, the run log and its export. */
export function registerAutomationRoutes(app: FastifyInstance, deps: RunDeps) {
  const { db } = app;
  const access = (request: { caller: Parameters<typeof automationAccessOf>[1] | null }) =>
    automationAccessOf(db, request.caller!);

  endpointRoute(app, listEndpoint, async (request) => listAutomations(db, await access(request)));
  endpointRoute(app, getAutomation, async (request) =>
    automationDetail(db, await access(request), request.params.id),
  );
  endpointRoute(app, getAutomationOptions, async (request) => automationOptions(db, await access(request)));
  endpointRoute(app, createEndpoint, async (request, _reply, trx) =>
    createAutomation(trx, request.caller!, await access(request), request.body),
  );
  endpointRoute(app, updateEndpoint, async (request) =>
    updateAutomation(db, request.caller!, await access(request), request.params.id, request.body),
  );
  endpointRoute(app, stateEndpoint, async (request) => {
    const automation = await setAutomationState(
      db,
      app.jobs,
      request.caller!,
      await access(request),
      request.params.id,
      request.body.state,
      request.body.version,
      deps.now?.(),
    );
    // A time trigger just switched on looks for its due records at once, not at the next ten minutes.
    const kind = automation.definition.trigger.kind;
    if (automation.state === 'aktiv' && (kind === 'datum' || kind === 'inaktiv')) {
      if ((await app.jobs.send(timeTriggersJob, {})) !== null) app.jobs.wake(timeTriggersJob);
    }
    return automation;
  });
  endpointRoute(app, simulateAutomation, async (request) => {
    const reach = await access(request);
    const { automationId, branchId, definition } = request.body;
    const automation = automationId === null ? null : await readAutomation(db, reach, automationId);
    await checkInput(db, reach, { branchId, definition });
    return simulate(deps, { automation, branchId, definition });
  });
  // The Vorgang page's follow-up line of an online offer, and "Nachfassen beenden" (the seller's side).
  const today = () => companyToday(app.timeZone, deps.now?.() ?? new Date());
  endpointRoute(app, getOfferCadence, async (request) => {
    const exists = await db
      .selectFrom('vorgang')
      .select('id')
      .where('id', '=', request.params.id)
      .executeTakeFirst();
    if (!exists) throw notFound('Der Vorgang wurde nicht gefunden.');
    return offerCadenceOf(db, app.timeZone, request.params.id, today());
  });
  endpointRoute(app, stopCadenceEndpoint, async (request) =>
    stopOfferCadence(db, app.timeZone, request.caller!, request.body.vorgangId, today()),
  );
  endpointRoute(app, listAutomationRuns, async (request) => {
    const { offset, limit, ...filter } = request.query;
    const reach = await access(request);
    if (filter.automationId !== undefined) await readAutomation(db, reach, filter.automationId);
    return listRuns(db, reach, filter, offset, limit);
  });
  endpointRoute(app, exportAutomationRuns, async (request, reply) => {
    const reach = await access(request);
    if (request.query.automationId !== undefined) {
      const automation = await readAutomation(db, reach, request.query.automationId);
      checkAutomationReach(reach, automation.branchId);
    }
    const today = await companyTodayInDb(db, app.timeZone);
    const spec = runExport(app.timeZone, reach, request.query);
    return sendSheet(request, reply, db, {
      spec,
      fileName: `Automatisierung_Laeufe_${today}.xlsx`,
      subject: 'Automatisierung: Lauf-Protokoll',
    });
  });
}
