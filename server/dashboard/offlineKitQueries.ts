import { sql } from 'kysely';
import { TIMED_ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import { addCompanyDays } from '../../src/config/companyTime';
import { OFFLINE_KIT_DAYS, OFFLINE_KIT_LIMIT } from '../../src/resources/dashboard/myDay.endpoints';
import type { Database } from '../platform/db/database';

export interface OfflineKit {
  today: string;
  until: string;
  customerIds: number[];
  vorgangIds: number[];
}

/**
 * The customers and Vorgänge a seller (`userId`) needs on the road from `today` on: those of the seller's open
 * todos due before `until` (overdue ones too), of due labels on the seller's customers and Vorgänge, and of the
 * seller's Termine, Besuche and Aufmaße from today's start until `until`. Each record counts with its nearest
 * day (a future day before an overdue one); the nearest come first, at most OFFLINE_KIT_LIMIT of each kind,
 * cut in SQL.
 */
export async function offlineKit(
  db: Database,
  zone: string,
  userId: number,
  today: string,
): Promise<OfflineKit> {
  const until = addCompanyDays(today, OFFLINE_KIT_DAYS);
  const types = [...TIMED_ACTIVITY_TYPES];
  const { rows } = await sql<{ kind: 'kunde' | 'vorgang'; id: number }>`
    WITH due AS (
      SELECT a.customer_id, a.vorgang_id, a.due_date AS day
        FROM activity a
        WHERE a.user_id = ${userId} AND NOT a.done AND a.due_date IS NOT NULL AND a.due_date < ${until}::date
      UNION ALL
      SELECT a.customer_id, a.vorgang_id, (a.activity_date AT TIME ZONE ${zone})::date
        FROM activity a
        WHERE a.user_id = ${userId} AND a.activity_type = ANY(${types}::text[])
          AND a.activity_date >= (${today}::date::timestamp AT TIME ZONE ${zone})
          AND a.activity_date < (${until}::date::timestamp AT TIME ZONE ${zone})
      UNION ALL
      SELECT cl.customer_id, NULL, cl.due_date
        FROM customer_label cl
        WHERE cl.owner_user_id = ${userId} AND cl.due_date IS NOT NULL AND cl.due_date < ${until}::date
      UNION ALL
      SELECT v.customer_id, vl.vorgang_id, vl.due_date
        FROM vorgang_label vl JOIN vorgang v ON v.id = vl.vorgang_id
        WHERE vl.seller_user_id = ${userId} AND vl.due_date IS NOT NULL AND vl.due_date < ${until}::date
    ),
    -- A record's rank: days from today, an overdue day behind every day to come.
    ranked AS (
      SELECT customer_id, vorgang_id,
        CASE WHEN day >= ${today}::date THEN day - ${today}::date ELSE ${OFFLINE_KIT_DAYS} + (${today}::date - day) END AS rank
      FROM due
    ),
    customers AS (
      SELECT 'kunde' AS kind, customer_id AS id FROM ranked
      GROUP BY customer_id ORDER BY min(rank), customer_id LIMIT ${OFFLINE_KIT_LIMIT}
    ),
    vorgaenge AS (
      SELECT 'vorgang' AS kind, vorgang_id AS id FROM ranked WHERE vorgang_id IS NOT NULL
      GROUP BY vorgang_id ORDER BY min(rank), vorgang_id LIMIT ${OFFLINE_KIT_LIMIT}
    )
    SELECT * FROM (SELECT * FROM customers) c UNION ALL SELECT * FROM (SELECT * FROM vorgaenge) v`.execute(
    db,
  );
  return {
    today,
    until,
    customerIds: rows.filter((row) => row.kind === 'kunde').map((row) => row.id),
    vorgangIds: rows.filter((row) => row.kind === 'vorgang').map((row) => row.id),
  };
}
