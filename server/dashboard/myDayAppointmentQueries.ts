import { sql } from 'kysely';
import type { Appointment } from '../../src/resources/dashboard/myDay.endpoints';
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
