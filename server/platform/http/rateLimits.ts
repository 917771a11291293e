import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EndpointDeclaration } from '../../../src/api/endpoint';
import { ApiError } from './apiError';
import { rateLimited } from '../metrics/metrics';
import type { Database } from '../db/database';
import { postgresRateLimitStore, pruneRateLimitHits } from './rateLimitStore';

/** Requests per minute: per signed-in person for the costly calls, per address for the public ones. */
export const RATE_LIMITS = {
  mail: 30,
  upload: 60,
  export: 30,
  sync: 10,
  anonymous: 300,
  publicLink: 30,
} as const;
export type LimitBucket = keyof typeof RATE_LIMITS;

/**
 * Refused tokens (or none) per client address and minute, across all instances, before the answer becomes
 * a 429: far above what an office behind one address produces (the web app renews tokens before they
 * expire), far below a burst of guesses.
 */
export const FAILED_SIGN_INS_PER_MINUTE = 100;

/** The limit bucket of a declared endpoint, or undefined for calls that are not limited. */
export function limitOf(endpoint: EndpointDeclaration): LimitBucket | undefined {
  if (endpoint.limit) return endpoint.limit;
  if (endpoint.kind === 'upload') return 'upload';
  if (endpoint.kind === 'file') return 'export';
  if ('public' in endpoint.access) return 'anonymous';
  return undefined;
}

/** The route config @fastify/rate-limit reads (one bucket per route and person or address). */
export const rateLimitConfig = (bucket: LimitBucket) => ({ max: RATE_LIMITS[bucket], timeWindow: 60_000 });

const whoCalls = (request: FastifyRequest) =>
  request.caller?.oid ? `user:${request.caller.oid}` : `ip:${request.ip}`;

/**
 * Rate limits on the routes that ask for one (`config.rateLimit`, set by endpointRoute from `limitOf`).
 * Counted in PostgreSQL per route and person or address, so the numbers hold for all instances together.
 * Counted after sign-in (preHandler), so a person is counted wherever they come from; the refusal is a
 * German 429 in the wrapper, which the web app shows as its notification.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, options: { db: Database }) => {
  await app.register(fastifyRateLimit, {
    global: false,
    // Counted in PostgreSQL, so a limit holds across all instances (one upsert per counted request).
    store: postgresRateLimitStore(options.db),
    // A database that does not answer fails the request anyway; the limit does not add its own 500.
    skipOnError: true,
    hook: 'preHandler',
    keyGenerator: whoCalls,
    errorResponseBuilder: (request, context) => {
      rateLimited.inc({ route: request.routeOptions.url ?? 'ohne Route' });
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(
        429,
        `Zu viele Anfragen: höchstens ${context.max} pro Minute. Bitte versuchen Sie es in ${seconds === 1 ? 'einer Sekunde' : `${seconds} Sekunden`} erneut.`,
      );
    },
  });
  app.jobs.register(pruneRateLimitHits);
});
