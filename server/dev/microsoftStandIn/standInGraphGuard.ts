import type { FastifyInstance, FastifyRequest } from 'fastify';
import { graphError } from './standInGraphError';
import type { StandInMailbox, StandInState } from './standInState';

/** Graph allows four concurrent requests per app and mailbox; a fifth gets 429 (MailboxConcurrency). */
export const MAILBOX_CONCURRENCY = 4;

/** The mailbox whose token signed the request (set by the guard). */
export const mailboxOf = (request: FastifyRequest) =>
  (request as FastifyRequest & { mailbox: StandInMailbox }).mailbox;

/**
 * What Graph does before a request reaches its route: records the call, refuses expired or unknown tokens
 * (401), answers a planted throttle (429/503 with Retry-After) and a fifth concurrent request of one mailbox.
 */
export function registerStandInGraphGuard(app: FastifyInstance, state: StandInState) {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.replace(/\?.*$/, '');
    if (!/\/v1\.0\//.test(path)) return;
    const authorization = request.headers.authorization ?? '';
    const owner = state.accessTokenOwner(authorization.replace(/^Bearer /, ''));
    const immutableIds = /IdType="ImmutableId"/i.test(String(request.headers.prefer ?? ''));
    state.calls.push({
      method: request.method,
      path: path.replace(/^.*\/v1\.0/, ''),
      oid: typeof owner === 'object' ? owner.oid : undefined,
      immutableIds,
    });
    if (owner === 'expired') {
      return graphError(
        reply,
        401,
        'InvalidAuthenticationToken',
        'Lifetime validation failed, the token is expired.',
      );
    }
    if (!owner)
      return graphError(reply, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
    const box = state.mailbox(owner.oid);
    (request as FastifyRequest & { mailbox: StandInMailbox }).mailbox = box;
    if (path.endsWith('/$batch')) return;
    const throttle = state.throttles.get(box.oid);
    if (throttle && throttle.remaining > 0) {
      throttle.remaining -= 1;
      void reply.header('Retry-After', String(throttle.retryAfterSeconds));
      return throttle.status === 429
        ? graphError(reply, 429, 'TooManyRequests', 'Application is over its MailboxConcurrency limit.')
        : graphError(reply, 503, 'ServiceUnavailable', 'Service temporarily unavailable.');
    }
    const now = (state.inFlight.get(box.oid) ?? 0) + 1;
    if (now > MAILBOX_CONCURRENCY) {
      state.concurrencyRefusals += 1;
      void reply.header('Retry-After', '1');
      return graphError(
        reply,
        429,
        'ApplicationThrottled',
        'Application is over its MailboxConcurrency limit.',
      );
    }
    state.inFlight.set(box.oid, now);
    state.maxInFlight.set(box.oid, Math.max(now, state.maxInFlight.get(box.oid) ?? 0));
    (request as FastifyRequest & { counted?: boolean }).counted = true;
    const heldUntil = Date.now() + 5_000;
    while ((state.maxInFlight.get(box.oid) ?? 0) < state.holdUntilInFlight && Date.now() < heldUntil)
      await new Promise((resolve) => setTimeout(resolve, 5));
    if (state.latencyMs) await new Promise((resolve) => setTimeout(resolve, state.latencyMs));
  });
  app.addHook('onResponse', async (request) => {
    if (!(request as FastifyRequest & { counted?: boolean }).counted) return;
    const oid = mailboxOf(request).oid;
    state.inFlight.set(oid, (state.inFlight.get(oid) ?? 1) - 1);
  });
}
