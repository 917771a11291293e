import { sql } from 'kysely';
import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Event } from '@microsoft/microsoft-graph-types';
import type { Database } from '../platform/db/database';
import { storeConflict } from './conflicts';
import { isConnectionLost } from './mailboxTokens';
import type { Microsoft365Context } from './microsoft365Context';
import { m365RunDuration, m365Runs } from './microsoft365Metrics';
import { deleteTerminFromOutlook, moveTerminFromOutlook, outlookActor } from './outlookChanges';
import { ensureSubscription } from './subscriptions';
import { instantOf } from './terminEvent';

/** Events per delta page (Graph's `Prefer: odata.maxpagesize`). */
const PAGE_SIZE = 50;
/** A run holds its connection this long; each page renews it (a stopped instance's run is taken over after it). */
const LEASE = '5 minutes';
/** A round's window is started anew once its start lies this far back (the window moves on with time). */
const ROUND_DAYS = 30;

/** A connection whose delta is due, taken by this instance. */
interface DueConnection {
  userId: number;
  calendarId: string;
  deltaLink: string | null;
  windowStart: Date | null;
  showCustomerMeetings: boolean;
  /** The connection's version when taken: a change since (new settings, a new connection) asks for a new round. */
  version: number;
}

type DeltaItem = Event & { '@removed'?: { reason?: string } };

/** Takes the connection whose delta is due longest (leased to this instance), or null when none is due. */
export async function claimDueConnection(db: Database): Promise<DueConnection | null> {
  const { rows } = await sql<DueConnection>`
    UPDATE m365_connection SET sync_lease_until = now() + ${LEASE}::interval
    WHERE user_id = (
      SELECT user_id FROM m365_connection
      WHERE status = 'verbunden' AND calendar_id IS NOT NULL AND sync_due_at <= now()
        AND (sync_lease_until IS NULL OR sync_lease_until < now())
      ORDER BY sync_due_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING user_id AS "userId", calendar_id AS "calendarId", delta_link AS "deltaLink",
      delta_window_start AS "windowStart", show_customer_meetings AS "showCustomerMeetings", version`.execute(
    db,
  );
  return rows[0] ?? null;
}

interface LinkedEvent {
  activityId: number;
  eventId: string;
  startAt: Date | null;
  endAt: Date | null;
  syncedVersion: number | null;
  want: string;
  version: number | null;
  activityDate: Date | null;
}

const sameInstant = (a: Date | null, b: Date | null) =>
  (a === null && b === null) || (a !== null && b !== null && new Date(a).getTime() === new Date(b).getTime());

/** The CRM's Termine behind these events of the person. */
async function linkedEvents(db: Database, userId: number, eventIds: string[]) {
  const { rows } = await sql<LinkedEvent>`
    SELECT e.activity_id AS "activityId", e.event_id AS "eventId", e.start_at AS "startAt", e.end_at AS "endAt",
      e.synced_version AS "syncedVersion", e.want, a.version, a.activity_date AS "activityDate"
    FROM m365_event e LEFT JOIN activity a ON a.id = e.activity_id
    WHERE e.user_id = ${userId} AND e.event_id = ANY(${eventIds}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.eventId, row]));
}

/** Outlook moved a Termin: the CRM follows if it did not change the Termin itself since; else a conflict. */
async function followMove(context: Microsoft365Context, userId: number, linked: LinkedEvent, event: Event) {
  const start = instantOf(event.start);
  const end = instantOf(event.end);
  if (!start || !end) return;
  if (sameInstant(start, linked.startAt) && sameInstant(end, linked.endAt)) {
    // The CRM's own write coming back, or a change of something that is not the time: only the new state.
    await sql`UPDATE m365_event SET change_key = ${event.changeKey ?? null}
      WHERE activity_id = ${linked.activityId}`.execute(context.db);
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
    await sql`DELETE FROM m365_event WHERE activity_id = ${linked.activityId}`.execute(context.db);
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
    await sql`UPDATE m365_event SET event_id = NULL, change_key = NULL WHERE activity_id = ${linked.activityId}`.execute(
      context.db,
    );
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
    addresses.length && start && end && !event.isCancelled
      ? (
          await sql<{ id: number }>`
            SELECT id FROM customer WHERE lower(email) = ANY(${addresses}::text[]) ORDER BY id LIMIT 1`.execute(
            db,
          )
        ).rows[0]
      : undefined;
  if (!customer) {
    await sql`DELETE FROM m365_meeting WHERE user_id = ${userId} AND event_id = ${event.id}`.execute(db);
    return;
  }
  await sql`
    INSERT INTO m365_meeting (user_id, event_id, customer_id, subject, start_at, end_at, location)
    VALUES (${userId}, ${event.id}, ${customer.id}, ${event.subject ?? null}, ${start}, ${end},
      ${event.location?.displayName ?? null})
    ON CONFLICT (user_id, event_id) DO UPDATE SET customer_id = excluded.customer_id, subject = excluded.subject,
      start_at = excluded.start_at, end_at = excluded.end_at, location = excluded.location`.execute(db);
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
      await sql`DELETE FROM m365_meeting WHERE user_id = ${connection.userId} AND event_id = ${item.id}`.execute(
        context.db,
      );
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
      // Only while the connection is as taken: settings changed meanwhile reset the round, which must stay reset.
      await sql`UPDATE m365_connection SET delta_link = ${next}, delta_window_start = ${round.start},
          sync_lease_until = now() + ${LEASE}::interval
        WHERE user_id = ${connection.userId} AND version = ${connection.version}`.execute(db);
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
    await sql`UPDATE m365_connection SET last_sync_at = now(), sync_lease_until = NULL,
        sync_due_at = CASE WHEN version = ${connection.version}
          THEN now() + make_interval(secs => ${context.options.deltaIntervalMs / 1000}) ELSE now() END,
        last_error = CASE WHEN last_error LIKE 'Benachrichtigungen%' THEN last_error ELSE NULL END
      WHERE user_id = ${connection.userId}`.execute(db);
    m365Runs.inc({ kind: 'delta', result: 'ok' });
  } catch (error) {
    m365Runs.inc({ kind: 'delta', result: 'fehler' });
    if (!isConnectionLost(error)) {
      await sql`UPDATE m365_connection SET sync_lease_until = NULL, sync_due_at = now() + interval '1 minute',
          last_error = ${`Abgleich mit Outlook fehlgeschlagen: ${(error as Error).message}`}, last_error_at = now()
        WHERE user_id = ${connection.userId}`.execute(db);
      throw error;
    }
  } finally {
    stop();
  }
}
