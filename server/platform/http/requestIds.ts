import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// What a proxy's id may look like (nginx's $request_id is 32 hex digits; UUIDs and similar pass); anything
// else, e.g. a header meant to inject text into the logs, gets a fresh id.
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the proxy's `X-Request-Id` when the request comes from a trusted proxy (so one id
 * names it in nginx's log and ours), otherwise a new UUID. Fastify puts it on every log line as `reqId`.
 */
export function requestIdOf(fromTrustedProxy: (address: string | undefined) => boolean) {
  return (request: IncomingMessage): string => {
    const header = request.headers['x-request-id'];
    if (
      typeof header === 'string' &&
      REQUEST_ID.test(header) &&
      fromTrustedProxy(request.socket.remoteAddress)
    )
      return header;
    return randomUUID();
  };
}

/** The answer's header that names the instance which answered (INSTANCE_NAME). */
export const INSTANCE_HEADER = 'x-instance';

/**
 * Echoes the request id in the answer's `X-Request-Id`, so a person's error report can name it, and names the
 * instance in `X-Instance`, so an answer through the load balancer can be traced to the process (and its log).
 */
export const requestIdPlugin = fp<{ instance: string }>(async (app: FastifyInstance, { instance }) => {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header(INSTANCE_HEADER, instance);
  });
});
