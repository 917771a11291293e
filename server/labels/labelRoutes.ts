import type { FastifyInstance } from 'fastify';
import {
  enableLabelForAllCustomers,
  previewLabelForAllCustomers,
} from '../../src/resources/labels/labels.endpoints';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { findLabel, giveLabelToAllCustomers, labelCounts, type LabelRow } from './labelQueries';

async function customerLabel(db: Database, id: number): Promise<LabelRow> {
  const label = await findLabel(db, id);
  if (!label) throw notFound('Das Label wurde nicht gefunden.');
  if (!label.forCustomer) throw badRequest(`Das Label „${label.name}“ ist nicht für Kunden vorgesehen.`);
  if (!label.active) throw badRequest(`Das Label „${label.name}“ ist deaktiviert.`);
  return label;
}

async function reachOf(db: Database, id: number, name: string) {
  const { customers, alreadyLabelled } = await labelCounts(db, id);
  return { label: name, customers, alreadyLabelled, toLabel: customers - alreadyLabelled };
}

/** Giving one label to every customer (the client's path label/enableLabelForAllCustomers), APP_ADMIN only. */
export function registerLabelRoutes(app: FastifyInstance) {
  const { db } = app;

  endpointRoute(app, previewLabelForAllCustomers, async (request) => {
    const label = await customerLabel(db, request.params.id);
    return reachOf(db, request.params.id, label.name);
  });

  endpointRoute(app, enableLabelForAllCustomers, async (request) => {
    const { id } = request.params;
    const label = await customerLabel(db, id);
    const added = await giveLabelToAllCustomers(
      db,
      id,
      label.dueAfterDays,
      request.caller!.name,
      app.timeZone,
    );
    return { ...(await reachOf(db, id, label.name)), added };
  });
}
