import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { BodyOf, EndpointDeclaration, ParamsOf, QueryOf, ResultOf } from '../../../src/api/endpoint';
import type { Database } from '../db/database';
import { idempotencyHeaders, idempotent, replayFinished } from '../idempotency/idempotency';
import { limitOf, rateLimitConfig } from './rateLimits';
import { apiErrors } from './routeSchemas';
import { errorResponse, wrapped } from './wrapped';

/** The request a handler of a declared endpoint gets: params, query and body typed by the declaration. */
export type EndpointRequest<E extends EndpointDeclaration> = FastifyRequest<{
  Params: ParamsOf<E>;
  Querystring: QueryOf<E>;
  Body: BodyOf<E>;
}>;

/** What a handler may hand the serializer for a declared type: Dates where the wire carries ISO text. */
export type Wire<T> = T extends string
  ? T | Date
  : T extends readonly (infer U)[]
    ? Wire<U>[]
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/**
 * A handler answers the declared result (the envelope wraps it) or, for file and stream endpoints, sends the
 * reply itself. `db` is what it writes with: for an `idempotent` endpoint called with a key, the transaction
 * that also stores the key and the answer (server/platform/idempotency); otherwise `app.db`.
 */
export type EndpointHandler<E extends EndpointDeclaration> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
  db: Database,
) => Promise<E['kind'] extends 'file' | 'stream' ? unknown : Wire<ResultOf<E>> | FastifyReply>;

// A stream's 200 for OpenAPI: Server-Sent Events, written by the handler itself (never serialized).
const eventStream = {
  200: {
    description: 'Server-Sent Events',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  },
};

/** Fastify's path syntax: `kunde/getPersonalNotes/:id` → `/api/kunde/getPersonalNotes/:id`. */
export const urlOf = (endpoint: EndpointDeclaration) => `/api/${endpoint.path}`;

/**
 * Registers the route of a declared endpoint: its group check, request validation and OpenAPI entry come
 * from the declaration, so the path, the types and the groups are written once (src/api/endpoint.ts).
 */
export function endpointRoute<E extends EndpointDeclaration>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  extra: Pick<RouteOptions, 'bodyLimit' | 'attachValidation'> = {},
): void {
  const result =
    endpoint.kind === 'file'
      ? {}
      : endpoint.kind === 'stream'
        ? eventStream
        : { 200: wrapped(endpoint.response ?? {}) };
  const limit = limitOf(endpoint);
  const run = handler as (request: FastifyRequest, reply: FastifyReply, db: Database) => Promise<unknown>;
  app.route({
    method: endpoint.method,
    url: urlOf(endpoint),
    config: { access: endpoint.access, ...(limit ? { rateLimit: rateLimitConfig(limit) } : {}) },
    schema: {
      tags: [...endpoint.tags],
      summary: endpoint.summary,
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.idempotent ? { headers: idempotencyHeaders } : {}),
      ...(endpoint.kind === 'upload' ? { consumes: ['multipart/form-data'] } : {}),
      response: {
        ...result,
        ...apiErrors,
        ...(endpoint.idempotent ? { 422: errorResponse } : {}),
        413: errorResponse,
        429: errorResponse,
        502: errorResponse,
        503: errorResponse,
      },
    },
    ...(endpoint.idempotent
      ? {
          preValidation: (request: FastifyRequest, reply: FastifyReply) =>
            replayFinished(app.db, request, reply),
          handler: (request: FastifyRequest, reply: FastifyReply) =>
            idempotent(app.db, request, reply, (db) => run(request, reply, db)),
        }
      : { handler: (request: FastifyRequest, reply: FastifyReply) => run(request, reply, app.db) }),
    ...extra,
  });
}
