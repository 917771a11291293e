import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import { addLabelsOfReason } from './customerLabels';
import type { EntityHooks, Executor } from '../platform/entities/entityRepository';

/**
 * What saving an activity does besides the row: it belongs to the person who logs it, its reason's labels
 * go to the customer, and the customer's "letzte Aktivität" moves on.
 */
export const activityHooks: EntityHooks = {
  async afterWrite(trx: Executor, id: number, caller: Caller) {
    const { rows } = await sql<{ customerId: number; reasonId: number | null }>`
      UPDATE activity SET user_id = coalesce(user_id, (SELECT id FROM app_user WHERE azure_oid = ${caller.oid}))
      WHERE id = ${id} RETURNING customer_id AS "customerId", reason_id AS "reasonId"`.execute(trx);
    const activity = rows[0]!;
    if (activity.reasonId) await addLabelsOfReason(trx, activity.customerId, activity.reasonId, caller);
    await sql`
      UPDATE customer
      SET last_activity_at = greatest(last_activity_at, (SELECT least(activity_date, now()) FROM activity WHERE id = ${id}))
      WHERE id = ${activity.customerId}`.execute(trx);
  },
};
