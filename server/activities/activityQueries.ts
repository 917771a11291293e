import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';

/**
 * Moves the "letzte Aktivität" of a customer or Vorgang on to an activity's date (never back, never into the
 * future: a planned appointment is not yet an activity).
 */
export async function touchLastActivity(
  trx: Executor,
  owner: 'customer' | 'vorgang',
  ownerId: number,
  activityId: number,
) {
  await sql`
    UPDATE ${sql.table(owner)}
    SET last_activity_at = greatest(last_activity_at, (SELECT least(activity_date, now()) FROM activity WHERE id = ${activityId}))
    WHERE id = ${ownerId}`.execute(trx);
}
