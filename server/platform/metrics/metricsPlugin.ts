import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { addressMatcher } from '../http/addressList';
import { httpRequestDuration, METRICS_CONTENT_TYPE, metricsText } from './metrics';

export interface MetricsAccess {
  /** Client addresses or networks that may read /metrics (the monitoring server). */
  allow: readonly string[];
  /** A bearer token that opens /metrics from anywhere. */
  token?: string;
}

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

function mayRead(
  request: FastifyRequest,
  access: MetricsAccess,
  allowed: (ip: string | undefined) => boolean,
) {
  if (allowed(request.ip)) return true;
  const header = request.headers.authorization;
  return !!access.token && !!header?.startsWith('Bearer ') && sameText(header.slice(7).trim(), access.token);
}

/**
 * Request figures for every route and `GET /metrics` for Prometheus. The figures are counted per route
 * pattern (`/api/kunde/getSingleCustomer/:id`), so their number stays bounded whatever addresses are asked
 * for; one histogram observation per answer is all a request pays. /metrics answers only the configured
 * addresses or the token: 404 while neither is configured (there is nothing to find), 403 otherwise.
 */
export const metricsPlugin = fp<MetricsAccess>(async (app: FastifyInstance, access) => {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'ohne Route',
        code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  const allowed = addressMatcher(access.allow);
  const open = access.allow.length > 0 || !!access.token;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    // Answered here in the API's error shape: this route is registered before the API's error handler.
    const refuse = (statusCode: number, message: string) =>
      reply.code(statusCode).send({ statusCode, result: { message } });
    if (!open) return refuse(404, 'Diese Seite gibt es nicht.');
    if (!mayRead(request, access, allowed)) {
      return refuse(403, 'Die Kennzahlen sind nur für die Überwachung freigegeben.');
    }
    reply.header('content-type', METRICS_CONTENT_TYPE).header('cache-control', 'no-store');
    return metricsText();
  });
});
