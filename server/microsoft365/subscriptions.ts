import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { GraphError } from '@microsoft/microsoft-graph-client';
import type { ChangeNotification, Subscription } from '@microsoft/microsoft-graph-types';
import {
  graphLifecycleNotifications,
  graphNotifications,
} from '../../src/resources/microsoft365/microsoft365.endpoints';
import { badRequest } from '../platform/http/apiError';
import { urlOf } from '../platform/http/endpointRoute';
import { rateLimitConfig } from '../platform/http/rateLimits';
import { markNotified } from './connectionQueries';
import type { Microsoft365Context } from './microsoft365Context';

export const NOTIFICATION_PATH = urlOf(graphNotifications);
export const LIFECYCLE_PATH = urlOf(graphLifecycleNotifications);
/** Graph keeps a subscription to Outlook events at most 7 days; the CRM asks for a little less. */
const LIFETIME_MS = (7 * 24 - 1) * 3_600_000;
/** Renewed once less than this is left (the delta runs renew it, every few minutes). */
const RENEW_BEFORE_MS = 24 * 3_600_000;

/**
 * Change notifications for the person's calendar, as a prompt for a delta run (they carry no data the CRM
 * trusts): created where the CRM has a public https address, renewed before they run out, recreated when Graph
 * removed them. Without a public address the delta runs alone keep the CRM in step.
 */
export async function ensureSubscription(context: Microsoft365Context, userId: number): Promise<void> {
  const base = context.options.notificationBaseUrl?.replace(/\/$/, '');
  if (!base) return;
  const row = await context.db
    .selectFrom('m365_connection')
    .select(['calendar_id', 'subscription_id', 'subscription_expires_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.calendar_id) return;
  const graph = context.graph.forUser(userId);
  const expires = new Date(Date.now() + LIFETIME_MS);
  if (row.subscription_id && row.subscription_expires_at) {
    if (new Date(row.subscription_expires_at).getTime() - RENEW_BEFORE_MS > Date.now()) return;
    try {
      await graph
        .api(`/subscriptions/${row.subscription_id}`)
        .patch({ expirationDateTime: expires.toISOString() });
      await context.db
        .updateTable('m365_connection')
        .set({ subscription_expires_at: expires })
        .where('user_id', '=', userId)
        .execute();
      return;
    } catch (error) {
      if (!(error instanceof GraphError && error.statusCode === 404)) throw error;
    }
  }
  const secret = randomBytes(24).toString('base64url');
  const created = (await graph.api('/subscriptions').post({
    changeType: 'created,updated,deleted',
    notificationUrl: `${base}${NOTIFICATION_PATH}`,
    lifecycleNotificationUrl: `${base}${LIFECYCLE_PATH}`,
    resource: `me/calendars/${row.calendar_id}/events`,
    expirationDateTime: expires.toISOString(),
    clientState: secret,
  } satisfies Subscription)) as Subscription;
  await context.db
    .updateTable('m365_connection')
    .set({
      subscription_id: created.id ?? null,
      subscription_expires_at: expires,
      subscription_secret: secret,
    })
    .where('user_id', '=', userId)
    .execute();
}

/** Removes the person's subscription at Graph (on "Trennen"); best effort, the row goes anyway. */
export async function dropSubscription(context: Microsoft365Context, userId: number): Promise<void> {
  const row = await context.db
    .selectFrom('m365_connection')
    .select(['subscription_id', 'status'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row?.subscription_id || row.status !== 'verbunden') return;
  await context.graph.forUser(userId).api(`/subscriptions/${row.subscription_id}`).delete();
}

const sameSecret = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Notification = Partial<ChangeNotification> & { lifecycleEvent?: string };

/**
 * The notifications of a public post that could be Graph's (at most 1,000): anything else in the body (no list,
 * an item that is no object, ids that are no text) is skipped, as a forged one is, never an error.
 */
function notificationsIn(body: unknown): (Notification & { subscriptionId: string })[] {
  const value = (body as { value?: unknown } | null)?.value;
  if (!Array.isArray(value)) return [];
  return value
    .slice(0, 1000)
    .filter(
      (item): item is Notification & { subscriptionId: string } =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as Notification).subscriptionId === 'string' &&
        typeof (item as Notification).clientState === 'string',
    );
}

/**
 * Graph's two public addresses: answers the validation handshake (the token back as text within 10 s), and
 * turns a notification whose clientState matches into a due delta run; lifecycle notifications renew or
 * recreate the subscription on the next run, a missed one is caught up by it.
 */
export function registerNotificationRoutes(app: FastifyInstance, context: Microsoft365Context | null) {
  // Registered by hand (declared in microsoft365.endpoints.ts): the answer is Graph's plain text, not the JSON
  // wrapper, and Graph posts many at a time from few addresses, so the public limit applies, not the export one.
  const config = { access: { public: true as const }, rateLimit: rateLimitConfig('anonymous') };
  if (!app.hasContentTypeParser('text/plain')) {
    app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  }
  const handle =
    (lifecycle: boolean) =>
    async (
      request: { query: { validationToken?: string }; body: unknown },
      reply: import('fastify').FastifyReply,
    ) => {
      const { validationToken } = request.query as { validationToken?: unknown };
      if (validationToken !== undefined) {
        if (typeof validationToken !== 'string' || validationToken.length > 1000) {
          throw badRequest('Das validationToken fehlt oder ist länger als 1.000 Zeichen.');
        }
        return reply.code(200).type('text/plain; charset=utf-8').send(validationToken);
      }
      const items = notificationsIn(request.body);
      if (context) {
        for (const item of items) {
          const row = await context.db
            .selectFrom('m365_connection')
            .select(['user_id', 'subscription_secret'])
            .where('subscription_id', '=', item.subscriptionId)
            .executeTakeFirst();
          if (!row || !sameSecret(row.subscription_secret, item.clientState)) continue;
          const renew = lifecycle && item.lifecycleEvent === 'reauthorizationRequired';
          const removed = lifecycle && item.lifecycleEvent === 'subscriptionRemoved';
          await markNotified(context.db, row.user_id, { renew, removed });
        }
        context.kickDelta();
      }
      return reply.code(202).send();
    };
  app.post<{ Querystring: { validationToken?: string } }>(NOTIFICATION_PATH, { config }, handle(false));
  app.post<{ Querystring: { validationToken?: string } }>(LIFECYCLE_PATH, { config }, handle(true));
}
