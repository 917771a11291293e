import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** An open conflict as the person's list shows it. */
export interface OpenConflict {
  id: number;
  activityId: number;
  customerId: number | null;
  customerName: string | null;
  kind: 'verschoben' | 'geloescht';
  outlookStart: Date | null;
  crmStart: Date | null;
  detectedAt: Date;
}

/** The person's open conflicts (newest first, at most 100), with the Termin's customer and current time. */
export async function openConflicts(db: Database, userId: number | null): Promise<OpenConflict[]> {
  const { rows } = await sql<OpenConflict>`
    SELECT k.id, k.activity_id AS "activityId", a.customer_id AS "customerId", c.display_name AS "customerName",
      k.kind, k.outlook_start AS "outlookStart", coalesce(a.activity_date, k.crm_start) AS "crmStart",
      k.detected_at AS "detectedAt"
    FROM m365_conflict k
    LEFT JOIN activity a ON a.id = k.activity_id
    LEFT JOIN customer c ON c.id = a.customer_id
    WHERE k.user_id = ${userId} AND k.resolved_at IS NULL
    ORDER BY k.detected_at DESC LIMIT 100`.execute(db);
  return rows;
}

/** Marks a conflict decided, the person's choice with it. */
export async function resolveConflict(
  db: Database,
  id: number,
  resolution: 'crm' | 'outlook',
): Promise<void> {
  await db
    .updateTable('m365_conflict')
    .set((eb) => ({ resolved_at: eb.fn<Date>('now'), resolution }))
    .where('id', '=', id)
    .execute();
}
