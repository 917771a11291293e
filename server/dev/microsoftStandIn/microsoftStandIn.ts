import Fastify, { type FastifyInstance } from 'fastify';
import type { Event } from '@microsoft/microsoft-graph-types';
import { registerStandInGraphRoutes } from './standInGraphRoutes';
import { StandInState, type StandInMailbox } from './standInState';
import { registerStandInTokenRoutes, type StandInClient } from './standInTokenRoutes';

/** The stand-in's client in development (the API registration the CRM acts as). */
export const DEV_STAND_IN_CLIENT: StandInClient = {
  clientId: 'fenster-crm-api',
  clientSecret: 'entwicklung',
};

/** What tests and the development pages do to the stand-in, as a person in Outlook or an Entra admin would. */
export interface StandInControl {
  state: StandInState;
  /** Moves an event as the person does in Outlook (and notifies the subscriptions). */
  moveInOutlook(oid: string, eventId: string, start: string, end: string): void;
  /** Deletes an event in Outlook. */
  deleteInOutlook(oid: string, eventId: string): void;
  /** Creates an event in Outlook (not from the CRM), e.g. a meeting with a customer. */
  createInOutlook(oid: string, event: Event): Event;
  /** Posts a lifecycle notification (reauthorizationRequired, subscriptionRemoved, missed). */
  lifecycle(subscriptionId: string, lifecycleEvent: string): Promise<number>;
  /** Waits until the notifications posted so far were answered. */
  settled(): Promise<void>;
}

const utc = (iso: string) => ({ dateTime: new Date(iso).toISOString().replace('Z', ''), timeZone: 'UTC' });

/**
 * Microsoft Entra ID's token endpoint and Microsoft Graph as far as the CRM uses them (development and tests),
 * registered on `app` at its root: `/{tenant}/oauth2/v2.0/…` and `/v1.0/…`. Mount it under a prefix.
 */
export function registerMicrosoftStandIn(app: FastifyInstance, client: StandInClient): StandInControl {
  const state = new StandInState();
  const pending = new Set<Promise<unknown>>();
  const post = (url: string, body: unknown) => {
    const sent = fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then((answer) => state.notificationsPosted.push({ url, status: answer.status }))
      .catch(() => state.notificationsPosted.push({ url, status: 0 }))
      .finally(() => pending.delete(sent));
    pending.add(sent);
    return sent;
  };
  const notify = (box: StandInMailbox, eventId: string, change: 'created' | 'updated' | 'deleted') => {
    for (const notification of state.notificationsFor(box, eventId, change))
      void post(notification.url, notification.body);
  };
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
  }
  registerStandInTokenRoutes(app, state, client);
  registerStandInGraphRoutes(app, state, notify);

  const eventOf = (oid: string, eventId: string) => {
    const box = state.mailbox(oid);
    const stored = box.events.get(eventId);
    if (!stored || stored.deleted) throw new Error(`Kein Termin ${eventId} im Kalender von ${oid}`);
    return { box, event: stored.event };
  };
  return {
    state,
    moveInOutlook(oid, eventId, start, end) {
      const { box, event } = eventOf(oid, eventId);
      state.touch(box, { ...event, start: utc(start), end: utc(end) });
      notify(box, eventId, 'updated');
    },
    deleteInOutlook(oid, eventId) {
      const { box, event } = eventOf(oid, eventId);
      state.touch(box, event, true);
      notify(box, eventId, 'deleted');
    },
    createInOutlook(oid, event) {
      const box = state.mailbox(oid);
      const created: Event = {
        ...event,
        id: `AAMkEv-outlook-${state.nextSeq()}`,
        isOrganizer: true,
        type: 'singleInstance',
        organizer: { emailAddress: { name: box.displayName, address: box.mail } },
      };
      state.touch(box, created);
      notify(box, created.id!, 'created');
      return created;
    },
    async lifecycle(subscriptionId, lifecycleEvent) {
      const subscription = state.subscriptions.get(subscriptionId);
      if (!subscription?.lifecycleNotificationUrl) throw new Error('Kein Abonnement mit Lebenszyklus-URL');
      await post(subscription.lifecycleNotificationUrl, {
        value: [
          {
            subscriptionId,
            subscriptionExpirationDateTime: subscription.expirationDateTime,
            tenantId: 'stand-in',
            clientState: subscription.clientState ?? null,
            lifecycleEvent,
          },
        ],
      });
      return state.notificationsPosted.at(-1)?.status ?? 0;
    },
    async settled() {
      while (pending.size) await Promise.all([...pending]);
    },
  };
}

/** The stand-in on a port of its own (API tests and benches): its base URL, control and stop. */
export async function startMicrosoftStandIn(client: StandInClient = DEV_STAND_IN_CLIENT) {
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024 });
  const control = registerMicrosoftStandIn(app, client);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { baseUrl: `http://127.0.0.1:${port}`, client, ...control, close: () => app.close() };
}
