import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';

/** Activities of a scope per ISO week (company zone) and type, for the `weeks` weeks up to today's week. */
export async function activitiesPerWeek(
  db: Database,
  zone: string,
  scope: ViewerScope,
  today: string,
  weeks: number,
) {
  const { rows } = await sql<{ weekStart: string; activityType: string; count: number }>`
    SELECT date_trunc('week', (a.activity_date AT TIME ZONE ${zone}))::date AS "weekStart",
      a.activity_type AS "activityType", count(*)::int AS count
    FROM activity a LEFT JOIN app_user u ON u.id = a.user_id
    WHERE ${inScope(scope, sql.ref('a.user_id'), sql.ref('u.branch_id'))}
      AND a.activity_date >= (date_trunc('week', ${today}::date::timestamp) - make_interval(weeks => ${weeks - 1}))
        AT TIME ZONE ${zone}
      AND a.activity_date < (${today}::date + 1)::timestamp AT TIME ZONE ${zone}
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  return rows;
}

/**
 * Activities of a scope per seller (the activity's user) and type, from company day `from` to `to` (both
 * included, the tenant's zone). The scope decides whose rows: a seller's own, or the users of the branches led.
 */
export async function activitiesPerSeller(
  db: Database,
  zone: string,
  scope: ViewerScope,
  from: string,
  to: string,
) {
  const { rows } = await sql<{ userId: number; userName: string; activityType: string; count: number }>`
    SELECT a.user_id AS "userId", u.name AS "userName", a.activity_type AS "activityType", count(*)::int AS count
    FROM activity a JOIN app_user u ON u.id = a.user_id
    WHERE ${inScope(scope, sql.ref('a.user_id'), sql.ref('u.branch_id'))}
      AND a.activity_date >= (${from}::date)::timestamp AT TIME ZONE ${zone}
      AND a.activity_date < (${to}::date + 1)::timestamp AT TIME ZONE ${zone}
    GROUP BY 1, 2, 3 ORDER BY 2, 1, 3`.execute(db);
  return rows;
}
