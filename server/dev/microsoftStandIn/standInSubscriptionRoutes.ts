import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Subscription } from '@microsoft/microsoft-graph-types';
import { graphError } from './standInGraphError';
import { mailboxOf } from './standInGraphGuard';
import type { StandInState } from './standInState';

/** The longest lifetime of a subscription to Outlook events (7 days, in minutes). */
const MAX_SUBSCRIPTION_MINUTES = 10_080;

/** Graph's validation handshake: the endpoint must echo the token as plain text with 200. */
const validate = async (url: string) => {
  const token = randomBytes(12).toString('hex');
  try {
    const answer = await fetch(
      `${url}${url.includes('?') ? '&' : '?'}validationToken=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        signal: AbortSignal.timeout(10_000),
      },
    );
    return answer.status === 200 && (await answer.text()) === token;
  } catch {
    return false;
  }
};

/** Subscriptions: create (after validating each notification URL), renew, delete. */
export function registerStandInSubscriptionRoutes(app: FastifyInstance, state: StandInState) {
  app.post<{ Body: Subscription }>('/v1.0/subscriptions', async (request, reply) => {
    const box = mailboxOf(request);
    const body = request.body ?? {};
    const expires = Date.parse(body.expirationDateTime ?? '');
    if (!body.notificationUrl || !body.resource || !body.changeType || Number.isNaN(expires)) {
      return graphError(
        reply,
        400,
        'InvalidRequest',
        'notificationUrl, resource, changeType and expirationDateTime are required.',
      );
    }
    if (expires > Date.now() + MAX_SUBSCRIPTION_MINUTES * 60_000) {
      return graphError(
        reply,
        400,
        'InvalidRequest',
        'Subscription expiration can only be 10080 minutes in the future.',
      );
    }
    const urls = [body.notificationUrl, body.lifecycleNotificationUrl].filter((u): u is string => !!u);
    for (const url of urls) {
      if (!(await validate(url))) {
        return graphError(
          reply,
          400,
          'ValidationError',
          `Subscription validation request failed. Notification endpoint must respond with 200 OK to validation request: ${url}`,
        );
      }
    }
    const subscription = {
      ...body,
      id: randomBytes(8).toString('hex'),
      oid: box.oid,
      applicationId: 'stand-in',
    };
    state.subscriptions.set(subscription.id, subscription);
    const { oid: _owner, ...answer } = subscription;
    return reply.code(201).send(answer);
  });
  app.patch<{ Params: { id: string }; Body: Subscription }>(
    '/v1.0/subscriptions/:id',
    async (request, reply) => {
      const subscription = state.subscriptions.get(request.params.id);
      if (!subscription || subscription.oid !== mailboxOf(request).oid) {
        return graphError(reply, 404, 'ResourceNotFound', 'The object was not found.');
      }
      subscription.expirationDateTime = request.body?.expirationDateTime ?? subscription.expirationDateTime;
      const { oid: _owner, ...answer } = subscription;
      return answer;
    },
  );
  app.delete<{ Params: { id: string } }>('/v1.0/subscriptions/:id', async (request, reply) => {
    const subscription = state.subscriptions.get(request.params.id);
    if (!subscription || subscription.oid !== mailboxOf(request).oid) {
      return graphError(reply, 404, 'ResourceNotFound', 'The object was not found.');
    }
    state.subscriptions.delete(request.params.id);
    return reply.code(204).send();
  });
}
