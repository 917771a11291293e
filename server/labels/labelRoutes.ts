import type { FastifyInstance } from 'fastify';
import { GROUPS } from '../../src/auth/groups';
import type { Database } from '../platform/db/database';
import { badRequest, notFound } from '../platform/http/apiError';
import { errorResponse, wrapped } from '../platform/http/wrapped';
import { findLabel, giveLabelToAllCustomers, labelCounts, type LabelRow } from './labelQueries';

const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1 } }, required: ['id'] };
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse };
const reach = {
  type: 'object',
  properties: {
    label: { type: 'string' },
    customers: { type: 'integer', description: 'Alle Kunden' },
    alreadyLabelled: { type: 'integer', description: 'Kunden, die das Label schon haben' },
    toLabel: { type: 'integer', description: 'Kunden, die es bekommen (würden)' },
  },
};

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

/** Giving one label to every customer (SPEC §7 label/enableLabelForAllCustomers), APP_ADMIN only. */
export function registerLabelRoutes(app: FastifyInstance) {
  const { db } = app;
  const config = { access: { groups: [GROUPS.admin] } };

  app.get<{ Params: { id: number } }>(
    '/api/label/enableLabelForAllCustomers/:id',
    {
      config,
      schema: {
        tags: ['Labels'],
        summary: 'Vorschau: wie viele Kunden das Label bekämen (für die Rückfrage)',
        params: idParams,
        response: { 200: wrapped(reach), ...errors },
      },
    },
    async (request) => {
      const label = await customerLabel(db, request.params.id);
      return reachOf(db, request.params.id, label.name);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/label/enableLabelForAllCustomers/:id',
    {
      config,
      schema: {
        tags: ['Labels'],
        summary: 'Label allen Kunden zuweisen, die es noch nicht haben (mit Fälligkeit des Labels)',
        params: idParams,
        response: {
          200: wrapped({ ...reach, properties: { ...reach.properties, added: { type: 'integer' } } }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const label = await customerLabel(db, id);
      const added = await giveLabelToAllCustomers(db, id, label.dueAfterDays, request.caller!.name);
      return { ...(await reachOf(db, id, label.name)), added };
    },
  );
}
