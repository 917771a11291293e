import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** A run holds its connection this long; each page renews it (a stopped instance's run is taken over after it). */
const LEASE = '5 minutes';

/** A connection whose delta is due, taken by this instance. */
export interface DueConnection {
  userId: number;
  calendarId: string;
  deltaLink: string | null;
  windowStart: Date | null;
  showCustomerMeetings: boolean;
  /** The connection's version when taken: a change since (new settings, a new connection) asks for a new round. */
  version: number;
}

/** A CRM Termin behind an Outlook event of the person (the activity's columns null once it is deleted). */
export interface LinkedEvent {
  activityId: number;
  eventId: string;
  startAt: Date | null;
  endAt: Date | null;
  syncedVersion: number | null;
  want: string;
  version: number | null;
  activityDate: Date | null;
}

/**
 * Takes the connection whose delta is due longest (leased to this instance), or null when none is due. Its due
 * time moves to the lease's end, so a change notification during the run (due now) is seen by finishDeltaRun.
 */
export async function claimDueConnection(db: Database): Promise<DueConnection | null> {
  const { rows } = await sql<DueConnection>`
    UPDATE m365_connection SET sync_lease_until = now() + ${LEASE}::interval,
      sync_due_at = now() + ${LEASE}::interval
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

/** The CRM's Termine behind these events of the person, by event id. */
export async function linkedEvents(
  db: Database,
  userId: number,
  eventIds: string[],
): Promise<Map<string, LinkedEvent>> {
  const { rows } = await sql<LinkedEvent>`
    SELECT e.activity_id AS "activityId", e.event_id AS "eventId", e.start_at AS "startAt", e.end_at AS "endAt",
      e.synced_version AS "syncedVersion", e.want, a.version, a.activity_date AS "activityDate"
    FROM m365_event e LEFT JOIN activity a ON a.id = e.activity_id
    WHERE e.user_id = ${userId} AND e.event_id = ANY(${eventIds}::text[])`.execute(db);
  return new Map(rows.map((row) => [row.eventId, row]));
}

/** The first customer (lowest id) with one of these e-mail addresses (lower case), if any. */
export async function customerByEmail(
  db: Database,
  addresses: string[],
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('customer')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', eb.fn.any(eb.val(addresses))))
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Stores where a round goes on (and renews the lease), only while the connection is as taken: settings changed
 * meanwhile reset the round, which must stay reset.
 */
export async function storeDeltaLink(
  db: Database,
  connection: { userId: number; version: number },
  link: string,
  windowStart: Date,
): Promise<void> {
  await db
    .updateTable('m365_connection')
    .set({
      delta_link: link,
      delta_window_start: windowStart,
      sync_lease_until: sql<Date>`now() + ${LEASE}::interval`,
    })
    .where('user_id', '=', connection.userId)
    .where('version', '=', connection.version)
    .execute();
}

/**
 * A run went through: due again after `intervalMs`, or at once when the connection changed or a change
 * notification came in meanwhile (it set the due time back from the lease's end to its arrival); an error of the
 * last run goes, a note about notifications stays.
 */
export async function finishDeltaRun(
  db: Database,
  connection: { userId: number; version: number },
  intervalMs: number,
): Promise<void> {
  await sql`UPDATE m365_connection SET last_sync_at = now(), sync_lease_until = NULL,
      sync_due_at = CASE WHEN version = ${connection.version} AND sync_due_at > now()
        THEN now() + make_interval(secs => ${intervalMs / 1000}) ELSE now() END,
      last_error = CASE WHEN last_error LIKE 'Benachrichtigungen%' THEN last_error ELSE NULL END
    WHERE user_id = ${connection.userId}`.execute(db);
}

/** A run failed: the reason on the connection, tried again in a minute. */
export async function failDeltaRun(db: Database, userId: number, reason: string): Promise<void> {
  await db
    .updateTable('m365_connection')
    .set((eb) => ({
      sync_lease_until: null,
      sync_due_at: sql<Date>`now() + interval '1 minute'`,
      last_error: reason,
      last_error_at: eb.fn<Date>('now'),
    }))
    .where('user_id', '=', userId)
    .execute();
}
