import { sql } from 'kysely';
import type { Appointment, MyDayMeeting } from '../../src/resources/dashboard/myDay.endpoints';
import { TIMED_ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import type { Database } from '../platform/db/database';

/** More appointments than a day can hold: the list stops there rather than growing without bound. */
const MOST_PER_DAY = 50;

/**
 * The appointments (activity types with a time of day) of `userId` whose time falls on the company's `today`,
 * in time order. The day's bounds are computed once in the company's zone, so activity_user_date_idx answers it.
 */
export async function myDayAppointments(
  db: Database,
  zone: string,
  userId: number,
  today: string,
): Promise<Appointment[]> {
  const types = [...TIMED_ACTIVITY_TYPES];
  const { rows } = await sql<Appointment>`
    SELECT a.id, a.version, a.activity_type AS "activityType", a.activity_date AS "activityDate", a.done, a.note,
      r.text AS reason, a.reason_id AS "reasonId", a.customer_id AS "customerId", c.display_name AS "customerName", c.street, c.zip, c.city,
      coalesce(nullif(c.phone, ''), nullif(c.mobile, '')) AS phone, a.vorgang_id AS "vorgangId",
      v.vorgang_number AS "vorgangNumber"
    FROM activity a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN reason_option r ON r.id = a.reason_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    WHERE a.user_id = ${userId}
      AND a.activity_date >= (${today}::date::timestamp AT TIME ZONE ${zone})
      AND a.activity_date < ((${today}::date + 1)::timestamp AT TIME ZONE ${zone})
      AND a.activity_type = ANY(${types}::text[])
    ORDER BY a.activity_date, a.id
    LIMIT ${MOST_PER_DAY}`.execute(db);
  return rows.map((row) => ({ ...row, activityDate: new Date(row.activityDate).toISOString() }));
}

/**
 * The Outlook meetings with customers of `userId` that touch the company's `today` (only when they opted in to see
 * them), in time order, with the customer's address and phone as a Termin has them.
 */
export async function myDayMeetings(
  db: Database,
  zone: string,
  userId: number,
  today: string,
): Promise<MyDayMeeting[]> {
  const { rows } = await sql<MyDayMeeting>`
    SELECT m.event_id AS "eventId", m.subject, m.start_at AS start, m.end_at AS "end", m.customer_id AS "customerId",
      c.display_name AS "customerName", c.street, c.zip, c.city, m.location,
      coalesce(nullif(c.phone, ''), nullif(c.mobile, '')) AS phone
    FROM m365_meeting m
    JOIN m365_connection k ON k.user_id = m.user_id AND k.show_customer_meetings
    LEFT JOIN customer c ON c.id = m.customer_id
    WHERE m.user_id = ${userId}
      AND m.start_at < ((${today}::date + 1)::timestamp AT TIME ZONE ${zone})
      AND m.end_at > (${today}::date::timestamp AT TIME ZONE ${zone})
    ORDER BY m.start_at, m.event_id
    LIMIT ${MOST_PER_DAY}`.execute(db);
  return rows.map((row) => ({
    ...row,
    start: new Date(row.start).toISOString(),
    end: new Date(row.end).toISOString(),
  }));
}
