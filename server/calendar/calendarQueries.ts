import { sql } from 'kysely';
import { TIMED_ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import type { CalendarMeeting, CalendarTermin } from '../../src/resources/calendar/calendar.endpoints';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';

/** The longest span one request may ask for (a month view with its neighbouring weeks). */
export const MAX_DAYS = 62;

/** A calendar shows at most this many Termine at once (a month of a large branch is far below). */
export const CALENDAR_LIMIT = 2_000;

/**
 * The Termine of `scope` in [from, to), ordered by start, with their state in Outlook where a connection exists,
 * and the customer meetings read from Outlook.
 */
export async function calendarTermine(db: Database, scope: ViewerScope, from: Date, to: Date) {
  const { rows } = await sql<CalendarTermin & { start: Date }>`
    SELECT a.id, a.version, a.activity_type AS "activityType", a.activity_date AS start, a.customer_id AS "customerId",
      c.display_name AS "customerName", c.city, a.user_id AS "userId", u.name AS "userName", a.note, a.done,
      CASE
        WHEN k.id IS NOT NULL THEN 'konflikt'
        WHEN e.activity_id IS NULL THEN NULL
        WHEN e.want = 'ok' THEN 'gesendet'
        ELSE 'wartet'
      END AS outlook
    FROM activity a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN app_user u ON u.id = a.user_id
    LEFT JOIN m365_event e ON e.activity_id = a.id
    LEFT JOIN LATERAL (SELECT id FROM m365_conflict k WHERE k.activity_id = a.id AND k.resolved_at IS NULL LIMIT 1) k
      ON true
    WHERE a.activity_type = ANY(${[...TIMED_ACTIVITY_TYPES]}::text[])
      AND a.activity_date >= ${from} AND a.activity_date < ${to}
      AND ${inScope(scope, sql`a.user_id`, sql`u.branch_id`)}
    ORDER BY a.activity_date, a.id
    LIMIT ${CALENDAR_LIMIT + 1}`.execute(db);
  // Outlook meetings with customers of those who opted in (Profil → Microsoft 365), read-only.
  const { rows: meetings } = await sql<CalendarMeeting & { start: Date; end: Date }>`
    SELECT m.event_id AS "eventId", m.subject, m.start_at AS start, m.end_at AS "end", m.customer_id AS "customerId",
      c.display_name AS "customerName", u.name AS "userName"
    FROM m365_meeting m
    JOIN m365_connection k ON k.user_id = m.user_id AND k.show_customer_meetings
    JOIN app_user u ON u.id = m.user_id
    LEFT JOIN customer c ON c.id = m.customer_id
    WHERE m.start_at < ${to} AND m.end_at > ${from} AND ${inScope(scope, sql`m.user_id`, sql`u.branch_id`)}
    ORDER BY m.start_at LIMIT ${CALENDAR_LIMIT}`.execute(db);
  return {
    rows: rows.slice(0, CALENDAR_LIMIT).map((row) => ({ ...row, start: new Date(row.start).toISOString() })),
    truncated: rows.length > CALENDAR_LIMIT,
    meetings: meetings.map((meeting) => ({
      ...meeting,
      start: new Date(meeting.start).toISOString(),
      end: new Date(meeting.end).toISOString(),
    })),
  };
}
