import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Event } from '@microsoft/microsoft-graph-types';
import type { Database } from '../platform/db/database';
import { storeConflict } from './conflicts';
import { isConnectionLost } from './mailboxTokens';
import type { Microsoft365Context } from './microsoft365Context';
import { m365RunDuration, m365Runs } from './microsoft365Metrics';
import { deleteTerminFromOutlook, moveTerminFromOutlook, outlookActor } from './outlookChanges';
import {
  customerByEmail,
  failDeltaRun,
  finishDeltaRun,
  linkedEvents,
  storeDeltaLink,
  type DueConnection,
  type LinkedEvent,
} from './deltaSyncQueries';
import { ensureSubscription } from './subscriptions';
import { instantOf } from './terminEvent';

/** Events per delta page (Graph's `Prefer: odata.maxpagesize`). */
const PAGE_SIZE = 50;
/** A round's window is started anew once its start lies this far back (the window moves on with time). */
const ROUND_DAYS = 30;

type DeltaItem = Event & { '@removed'?: { reason?: string } };

const sameInstant = (a: Date | null, b: Date | null) =>
  (a === null && b === null) || (a !== null && b !== null && new Date(a).getTime() === new Date(b).getTime());

/** Outlook moved a Termin: the CRM follows if it did not change the Termin itself since; else a conflict. */
async function followMove(context: Microsoft365Context, userId: number, linked: LinkedEvent, event: Event) {
  const start = instantOf(event.start);
  const end = instantOf(event.end);
  if (!start || !end) return;
  if (sameInstant(start, linked.startAt) && sameInstant(end, linked.endAt)) {
    // The CRM's own write coming back, or a change of something that is not the time: only the new state.
    await context.db
      .updateTable('m365_event')
      .set({ change_key: event.changeKey ?? null })
      .where('activity_id', '=', linked.activityId)
      .execute();
    return;
  }
  const unchangedInCrm =
    linked.version !== null && linked.version === linked.syncedVersion && linked.want !== 'senden';
  const actor = await outlookActor(context.db, userId);
  const moved =
    unchangedInCrm &&
    (await context.db.transaction().execute((trx) =>
      moveTerminFromOutlook(trx, {
        activityId: linked.activityId,
        expectedVersion: linked.syncedVersion,
        start,
        end,
        actor,
        changeKey: event.changeKey,
      }),
    ));
  if (moved === null || moved === false) {
    await storeConflict(context.db, {
      activityId: linked.activityId,
      userId,
      kind: 'verschoben',
      outlookStart: start,
      outlookEnd: end,
      crmStart: linked.activityDate,
    });
  }
}

/** Outlook lost a Termin's event: deleted there (the CRM follows, version permitting), or only out of the window. */
async function followRemoval(context: Microsoft365Context, userId: number, linked: LinkedEvent) {
  const still = (await context.graph
    .forUser(userId)
    .api(`/me/events/${linked.eventId}`)
    .get()
    .catch((error: unknown) => {
      if (error instanceof GraphError && error.statusCode === 404) return null;
      throw error;
    })) as Event | null;
  if (still) return followMove(context, userId, linked, still);
  if (linked.version === null) {
    await context.db.deleteFrom('m365_event').where('activity_id', '=', linked.activityId).execute();
    return;
  }
  const unchangedInCrm = linked.version === linked.syncedVersion && linked.want !== 'senden';
  const actor = await outlookActor(context.db, userId);
  const deleted =
    unchangedInCrm &&
    (await context.db.transaction().execute((trx) =>
      deleteTerminFromOutlook(trx, {
        activityId: linked.activityId,
        expectedVersion: linked.syncedVersion,
        actor,
      }),
    ));
  if (!deleted) {
    await context.db
      .updateTable('m365_event')
      .set({ event_id: null, change_key: null })
      .where('activity_id', '=', linked.activityId)
      .execute();
    await storeConflict(context.db, {
      activityId: linked.activityId,
      userId,
      kind: 'geloescht',
      outlookStart: null,
      outlookEnd: null,
      crmStart: linked.activityDate,
    });
  }
}

/**
 * A meeting in Outlook that the CRM did not write, read for those who opted in: kept when an attendee's address is
 * a customer's e-mail (any domain: private customers write from gmx, web.de, aon.at, t-online), dropped otherwise.
 */
async function readCustomerMeeting(db: Database, userId: number, event: Event) {
  const addresses = (event.attendees ?? [])
    .map((attendee) => attendee.emailAddress?.address?.trim().toLowerCase())
    .filter((address): address is string => !!address);
  const start = instantOf(event.start);
  const end = instantOf(event.end);
  const customer =
    addresses.length && start && end && !event.isCancelled ? await customerByEmail(db, addresses) : undefined;
  if (!customer || !start || !end) {
    await dropMeeting(db, userId, event.id);
    return;
  }
  await db
    .insertInto('m365_meeting')
    .values({
      user_id: userId,
      event_id: event.id!,
      customer_id: customer.id,
      subject: event.subject ?? null,
      start_at: start,
      end_at: end,
      location: event.location?.displayName ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'event_id']).doUpdateSet((eb) => ({
        customer_id: eb.ref('excluded.customer_id'),
        subject: eb.ref('excluded.subject'),
        start_at: eb.ref('excluded.start_at'),
        end_at: eb.ref('excluded.end_at'),
        location: eb.ref('excluded.location'),
      })),
    )
    .execute();
}

/** Forgets a customer meeting read earlier (the event is gone, or no longer one with a customer). */
async function dropMeeting(db: Database, userId: number, eventId: string | null | undefined) {
  if (!eventId) return;
  await db.deleteFrom('m365_meeting').where('user_id', '=', userId).where('event_id', '=', eventId).execute();
}

/** Applies one delta page: the CRM's Termine follow Outlook; other events are customer meetings or nothing. */
async function applyPage(context: Microsoft365Context, connection: DueConnection, items: DeltaItem[]) {
  const linked = await linkedEvents(
    context.db,
    connection.userId,
    items.flatMap((item) => item.id ?? []),
  );
  for (const item of items) {
    const link = item.id ? linked.get(item.id) : undefined;
    if (link) {
      if (item['@removed']) await followRemoval(context, connection.userId, link);
      else await followMove(context, connection.userId, link, item);
    } else if (item['@removed']) {
      await dropMeeting(context.db, connection.userId, item.id);
    } else if (connection.showCustomerMeetings) {
      await readCustomerMeeting(context.db, connection.userId, item);
    }
  }
}

const isGoneRound = (error: unknown) =>
  error instanceof GraphError && (error.statusCode === 410 || /SyncState/i.test(error.code ?? ''));

/**
 * One delta run of a person's calendar: from where the last one stopped (a nextLink survives a restart: each page
 * stores the link after it) to the round's deltaLink. A round starts anew when it has none, when its window is
 * old or when Graph forgot it (410). Renews the change-notification subscription where there is a public URL.
 */
export async function runDelta(context: Microsoft365Context, connection: DueConnection): Promise<void> {
  const stop = m365RunDuration.startTimer({ kind: 'delta' });
  const { db } = context;
  const graph = context.graph.forUser(connection.userId);
  const days = context.options.windowDays ?? { back: 7, ahead: 365 };
  const fresh = () => {
    const start = new Date(Date.now() - days.back * 86_400_000);
    const end = new Date(Date.now() + days.ahead * 86_400_000);
    return {
      start,
      path:
        `/me/calendars/${connection.calendarId}/calendarView/delta` +
        `?startDateTime=${start.toISOString()}&endDateTime=${end.toISOString()}`,
    };
  };
  const oldRound =
    !connection.deltaLink ||
    !connection.windowStart ||
    new Date(connection.windowStart).getTime() < Date.now() - (days.back + ROUND_DAYS) * 86_400_000;
  let round = oldRound
    ? fresh()
    : { start: connection.windowStart!, path: context.graph.pathOf(connection.deltaLink!) };
  try {
    for (let pages = 0; pages < 10_000; pages += 1) {
      let page: { value?: DeltaItem[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string };
      try {
        page = await graph.api(round.path).header('Prefer', `odata.maxpagesize=${PAGE_SIZE}`).get();
      } catch (error) {
        if (!isGoneRound(error) || pages > 0) throw error;
        round = fresh();
        continue;
      }
      await applyPage(context, connection, page.value ?? []);
      const next = page['@odata.nextLink'] ?? page['@odata.deltaLink'];
      if (!next) break;
      await storeDeltaLink(db, connection, next, round.start);
      if (page['@odata.deltaLink']) break;
      round = { start: round.start, path: context.graph.pathOf(next) };
    }
    await ensureSubscription(context, connection.userId).catch((error: unknown) => {
      if (isConnectionLost(error)) throw error;
      // Without notifications the delta runs alone keep the CRM in step; the reason is shown in the status.
      return db
        .updateTable('m365_connection')
        .set({
          last_error: `Benachrichtigungen nicht eingerichtet: ${(error as Error).message}`,
          last_error_at: new Date(),
        })
        .where('user_id', '=', connection.userId)
        .execute();
    });
    await finishDeltaRun(db, connection, context.options.deltaIntervalMs);
    m365Runs.inc({ kind: 'delta', result: 'ok' });
  } catch (error) {
    m365Runs.inc({ kind: 'delta', result: 'fehler' });
    if (!isConnectionLost(error)) {
      await failDeltaRun(
        db,
        connection.userId,
        `Abgleich mit Outlook fehlgeschlagen: ${(error as Error).message}`,
      );
      throw error;
    }
  } finally {
    stop();
  }
}
