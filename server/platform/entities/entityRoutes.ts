import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IdParams } from '../../../src/api/schemas';
import type { EntityDeclaration } from '../../../src/resources/entity';
import { badRequest } from '../http/apiError';
import { idempotencyHeaders, idempotent, replayFinished } from '../idempotency/idempotency';
import { errorResponse, wrapped } from '../http/wrapped';
import {
  createRecord,
  getRecord,
  listRecords,
  removeRecord,
  updateRecord,
  type EntityHooks,
} from './entityRepository';
import { hasAnyGroup } from '../../../src/auth/groups';
import { withCompanyDays, withInstants } from './dateTimeValues';
import { includedReferences } from './includedReferences';
import { inputSchema, recordSchema } from './jsonSchema';
import { MAX_PAGE, MAX_PER_PAGE, parseListParams } from './listQuery';
import { validateInput as validateFields } from './validateInput';
import { addressContext, needsAddressContext } from './addressContext';

const listQuery = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
    perPage: { type: 'integer', minimum: 1, maximum: MAX_PER_PAGE, default: 25 },
    sort: { type: 'string' },
    order: { type: 'string', enum: ['ASC', 'DESC', 'asc', 'desc'] },
    filter: {
      type: 'string',
      description: 'JSON: {"feld": wert} oder {"feld": {"mode": "contains", "value": "…"}}',
    },
  },
};
const errors = {
  400: errorResponse,
  401: errorResponse,
  403: errorResponse,
  404: errorResponse,
  409: errorResponse,
};

/**
 * Registers the legacy call paths of one declared entity, each checking the declared groups; `entityNamed`
 * finds the entities its references point to (their records come with a list page).
 */
export function registerEntityRoutes(
  app: FastifyInstance,
  declaration: EntityDeclaration,
  hooks: EntityHooks = {},
  entityNamed: (name: string) => EntityDeclaration | undefined = () => undefined,
) {
  const { db } = app;
  const { endpoints, access } = declaration;
  // The input as the form's rules accept it, date-times as instants of the company's zone; an address without
  // its own Land is in the country of its Filiale, the caller's branch or the tenant (as the form presets it).
  const validateInput = async (entity: EntityDeclaration, request: FastifyRequest) => {
    const body = request.body as { branchId?: unknown } | undefined;
    const context = needsAddressContext(entity)
      ? await addressContext(db, app.tenantId, request.caller!, body?.branchId)
      : undefined;
    return withInstants(entity.fields, await validateFields(entity, body, context), app.timeZone);
  };
  // Records out with their instant days as the company's days (see withCompanyDays).
  const answer = <T extends Record<string, unknown>>(record: T) =>
    withCompanyDays(declaration.fields, record, app.timeZone);
  const answered = async <T extends Record<string, unknown>>(record: Promise<T>) => answer(await record);
  const tags = [declaration.label.many];
  const read = { access: { groups: access.read } };
  const write = { access: { groups: access.write } };
  const record = recordSchema(declaration);
  // yup validates bodies (German, per field); the JSON schema documents them. Path parameters are
  // still refused by their schema (an id like "1x" or 2147483648 never reaches SQL).
  const documentedBody = {
    attachValidation: true,
    preHandler: async (request: FastifyRequest) => {
      const error = request.validationError as (Error & { validationContext?: string }) | undefined;
      if (error && error.validationContext !== 'body') throw error;
    },
  } as const;
  // A create (a POST) takes an Idempotency-Key: the same key again answers the first record.
  const idempotentCreate = {
    preValidation: (request: FastifyRequest, reply: FastifyReply) => replayFinished(db, request, reply),
  } as const;
  const createResponses = { 200: wrapped(record), ...errors, 422: errorResponse };

  app.get<{
    Querystring: { page?: number; perPage?: number; sort?: string; order?: string; filter?: string };
  }>(
    `/api/${endpoints.list}`,
    {
      config: read,
      schema: {
        tags,
        summary: `${declaration.label.many} auflisten (seitenweise, sortiert, gefiltert)`,
        querystring: listQuery,
        response: {
          200: wrapped({
            type: 'object',
            properties: {
              data: { type: 'array', items: record },
              total: { type: 'integer' },
              included: {
                type: 'object',
                description:
                  'Die Datensätze, auf die die Zeilen dieser Seite verweisen (Betreuer, Filiale, Labels …), je Entität, soweit der Aufrufer sie lesen darf',
                additionalProperties: {
                  type: 'array',
                  items: { type: 'object', additionalProperties: true },
                },
              },
            },
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const page = await listRecords(db, declaration, {
        ...parseListParams(declaration, request.query, request.caller!.oid),
        timeZone: app.timeZone,
      });
      const { groups } = request.caller!;
      const included = await includedReferences(db, declaration, page.data, entityNamed, (target) =>
        hasAnyGroup(groups, target.access.read),
      );
      return { ...page, data: page.data.map(answer), included };
    },
  );

  app.get<{ Params: { id: number } }>(
    `/api/${endpoints.one ?? endpoints.list}/:id`,
    {
      config: read,
      schema: {
        tags,
        summary: `${declaration.label.one} lesen`,
        params: IdParams,
        response: { 200: wrapped(record), ...errors },
      },
    },
    async (request) => answered(getRecord(db, declaration, request.params.id)),
  );

  // Rows another system owns (ERP articles) are read-only: no write routes at all.
  const writePath = endpoints.write;
  if (writePath) {
    app.post(
      `/api/${writePath}`,
      {
        config: write,
        ...documentedBody,
        ...idempotentCreate,
        schema: {
          tags,
          summary: `${declaration.label.one} anlegen, oder mit id und version ändern (Speichern wie im Altsystem)`,
          headers: idempotencyHeaders,
          body: inputSchema(declaration, 'save'),
          response: createResponses,
        },
      },
      async (request, reply) => {
        const values = await validateInput(declaration, request);
        const { id, version } = (request.body ?? {}) as { id?: unknown; version?: unknown };
        if (id === undefined || id === null)
          return idempotent(db, request, reply, (trx) =>
            answered(createRecord(trx, declaration, values, request.caller!, hooks)),
          );
        if (!Number.isInteger(Number(id)) || !Number.isInteger(Number(version))) {
          throw badRequest('Zum Ändern braucht der Datensatz seine id und Version.');
        }
        return answered(
          updateRecord(db, declaration, Number(id), Number(version), values, request.caller!, hooks),
        );
      },
    );

    if (endpoints.create) {
      app.post(
        `/api/${endpoints.create}`,
        {
          config: write,
          ...documentedBody,
          ...idempotentCreate,
          schema: {
            tags,
            summary: `${declaration.label.one} anlegen`,
            headers: idempotencyHeaders,
            body: inputSchema(declaration, 'create'),
            response: createResponses,
          },
        },
        async (request, reply) => {
          const values = await validateInput(declaration, request);
          return idempotent(db, request, reply, (trx) =>
            answered(createRecord(trx, declaration, values, request.caller!, hooks)),
          );
        },
      );
    }

    app.put<{ Params: { id: number }; Body: { version?: unknown } }>(
      `/api/${writePath}/:id`,
      {
        config: write,
        ...documentedBody,
        schema: {
          tags,
          summary: `${declaration.label.one} ändern (nur mit aktueller Version)`,
          params: IdParams,
          body: inputSchema(declaration, 'update'),
          response: { 200: wrapped(record), ...errors },
        },
      },
      async (request) => {
        const version = Number(request.body?.version);
        if (!Number.isInteger(version)) throw badRequest('Die Version des Datensatzes fehlt.');
        const values = await validateInput(declaration, request);
        return answered(
          updateRecord(db, declaration, request.params.id, version, values, request.caller!, hooks),
        );
      },
    );
  }

  if (endpoints.remove) {
    app.delete<{ Params: { id: number } }>(
      `/api/${endpoints.remove}/:id`,
      {
        config: write,
        schema: {
          tags,
          summary: `${declaration.label.one} löschen (wird es noch verwendet: ${declaration.whenInUse === 'deactivate' ? 'deaktivieren' : 'ablehnen'})`,
          params: IdParams,
          response: {
            200: wrapped({
              type: 'object',
              properties: { data: record, deactivated: { type: 'boolean' }, message: { type: 'string' } },
            }),
            ...errors,
          },
        },
      },
      async (request) => removeRecord(db, declaration, request.params.id, request.caller!),
    );
  }
}
