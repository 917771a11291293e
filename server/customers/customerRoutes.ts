import type { FastifyInstance } from 'fastify';
import { PassThrough } from 'node:stream';
import { GROUPS } from '../../src/auth/groups';
import customerEntity from '../../src/resources/customers/customer.entity';
import { endCustomerForm } from '../../src/resources/customers/endCustomer.form';
import { addLabelsOfReason } from './customerLabels';
import { customerVorgaenge } from './customerVorgaenge';
import { writeCustomerExport } from './exportCustomers';
import { possibleDuplicates, type DuplicateQuery } from './possibleDuplicates';
import { updateCustomerField, type FieldChange } from './updateCustomerField';
import { addEndCustomerToVorgang, setPositionText } from './vorgangDetails';
import { getRecord, listRecords } from '../platform/entities/entityRepository';
import { recordSchema } from '../platform/entities/jsonSchema';
import { parseListParams } from '../platform/entities/listQuery';
import { validateInput } from '../platform/entities/validateInput';
import { apiErrors, idParams } from '../platform/http/routeSchemas';
import { wrapped } from '../platform/http/wrapped';

const tags = ['Kunden'];
const config = { access: { groups: [GROUPS.kunde] } };
const errors = apiErrors;
const integer = { type: 'integer', minimum: 1 };

/** The customer calls beyond list and form (SPEC §7 kunde/…): in-place fields, duplicates, export, Vorgänge. */
export function registerCustomerRoutes(app: FastifyInstance) {
  const { db } = app;
  const customer = recordSchema(customerEntity);

  app.post<{ Body: FieldChange }>(
    '/api/kunde/updateCustomerField',
    {
      config,
      schema: {
        tags,
        summary: 'Ein Feld des Kunden direkt ändern (auch labelIds), nur mit aktueller Version',
        body: {
          type: 'object',
          properties: { id: integer, version: { type: 'integer' }, field: { type: 'string' }, value: {} },
          required: ['id', 'version', 'field'],
        },
        response: { 200: wrapped(customer), ...errors },
      },
    },
    async (request) => updateCustomerField(db, request.body, request.caller!),
  );

  app.post<{ Body: { customerId: number; reasonId: number } }>(
    '/api/kunde/updateCustomerLabelsForActivityReason',
    {
      config,
      schema: {
        tags,
        summary: 'Dem Kunden die Labels geben, die ein Grund mitbringt (schon vorhandene bleiben)',
        body: {
          type: 'object',
          properties: { customerId: integer, reasonId: integer },
          required: ['customerId', 'reasonId'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: { added: { type: 'array', items: { type: 'string' } } },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { customerId, reasonId } = request.body;
      await getRecord(db, customerEntity, customerId);
      const added = await db
        .transaction()
        .execute((trx) => addLabelsOfReason(trx, customerId, reasonId, request.caller!));
      return { added };
    },
  );

  app.get<{ Querystring: DuplicateQuery }>(
    '/api/kunde/possibleDuplicates',
    {
      config,
      schema: {
        tags,
        summary:
          'Wahrscheinliche Dubletten: gleiche E-Mail, gleiche Telefonnummer oder gleicher Name und PLZ',
        querystring: {
          type: 'object',
          properties: {
            email: { type: 'string', maxLength: 120 },
            phone: { type: 'string', maxLength: 40 },
            lastName: { type: 'string', maxLength: 80 },
            companyName: { type: 'string', maxLength: 120 },
            zip: { type: 'string', maxLength: 10 },
            country: { type: 'string', maxLength: 2 },
            excludeId: integer,
          },
        },
        response: {
          200: wrapped({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                displayName: { type: 'string' },
                customerNumber: { type: ['string', 'null'] },
                zip: { type: ['string', 'null'] },
                city: { type: ['string', 'null'] },
                reason: { type: 'string' },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => possibleDuplicates(db, request.query),
  );

  app.get<{ Querystring: { sort?: string; order?: string; filter?: string } }>(
    '/api/kunde/exportExcel',
    {
      config,
      schema: {
        tags,
        summary: 'Alle gefilterten Kunden als Excel-Datei (gestreamt, ohne Obergrenze)',
        querystring: {
          type: 'object',
          properties: {
            sort: { type: 'string' },
            order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
            filter: { type: 'string' },
          },
        },
        response: errors,
      },
    },
    async (request, reply) => {
      const params = parseListParams(customerEntity, request.query, request.caller!.oid);
      // Checks the filter before the first byte: a bad one is still a German 400, not a broken file.
      await listRecords(db, customerEntity, { ...params, page: 1, perPage: 1 });
      const out = new PassThrough();
      writeCustomerExport(db, params, out).catch((error: unknown) => {
        request.log.warn({ err: error }, 'Kundenexport abgebrochen');
        out.destroy(error as Error);
      });
      const stamp = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Vienna' });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', `attachment; filename="Kunden_${stamp}.xlsx"`)
        .send(out);
    },
  );

  app.get<{ Params: { id: number } }>(
    '/api/kunde/getVorgaengeForCustomer/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Die Vorgänge des Kunden mit Status, Volumen, Endkunde, Belegen und Positionen',
        params: idParams,
        response: errors,
      },
    },
    async (request) => {
      await getRecord(db, customerEntity, request.params.id);
      return customerVorgaenge(db, request.params.id);
    },
  );

  app.post<{ Body: { customerId: number; vorgangId: number; version: number; endCustomer: unknown } }>(
    '/api/kunde/addEndkundeToVorgang',
    {
      config,
      schema: {
        tags,
        summary:
          'Einem Vorgang des Kunden einen neuen Endkunden geben (nur mit aktueller Version des Vorgangs)',
        body: {
          type: 'object',
          properties: {
            customerId: integer,
            vorgangId: integer,
            version: { type: 'integer' },
            endCustomer: { type: 'object' },
          },
          required: ['customerId', 'vorgangId', 'version', 'endCustomer'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: { endCustomerId: { type: 'integer' }, version: { type: 'integer' } },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const values = await validateInput(endCustomerForm, request.body?.endCustomer);
      const { customerId, vorgangId, version } = request.body;
      return addEndCustomerToVorgang(db, { customerId, vorgangId, version }, values, request.caller!);
    },
  );

  app.post<{
    Body: { customerId: number; positionId: number; version: number; customDescription: string | null };
  }>(
    '/api/kunde/addCustomDescriptionToPosNr',
    {
      config,
      schema: {
        tags,
        summary: 'Eigener Text zu einer Belegposition (leer: wieder der Text aus dem ERP)',
        body: {
          type: 'object',
          properties: {
            customerId: integer,
            positionId: integer,
            version: { type: 'integer' },
            customDescription: { type: ['string', 'null'], maxLength: 2000 },
          },
          required: ['customerId', 'positionId', 'version'],
        },
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              id: { type: 'integer' },
              version: { type: 'integer' },
              customDescription: { type: ['string', 'null'] },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) =>
      setPositionText(db, { ...request.body, customDescription: request.body.customDescription ?? null }),
  );
}
