import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import { addLabelsOfReason } from '../customers/customerLabels';
import type { EntityHooks, Executor } from '../platform/entities/entityRepository';

/**
 * What saving an activity does besides the row: it belongs to the person who logs it, its reason's labels
 * go to the customer, and the customer's (and its Vorgang's) "letzte Aktivität" moves on. A new open activity without a due
 * day is due "Standard-Fälligkeit (Tage)" (Admin → Einstellungen) company days after its date.
 */
export const activityHooks = (timeZone: string): EntityHooks => ({
  async afterCreate(trx: Executor, id: number) {
    await sql`
      UPDATE activity
      SET due_date = (activity_date AT TIME ZONE ${timeZone})::date
        + (SELECT default_due_days FROM global_settings WHERE id = 1)
      WHERE id = ${id} AND due_date IS NULL AND NOT done
        AND EXISTS (SELECT 1 FROM global_settings WHERE id = 1)`.execute(trx);
  },
  async afterWrite(trx: Executor, id: number, caller: Caller) {
    const { rows } = await sql<{ customerId: number; vorgangId: number | null; reasonId: number | null }>`
      UPDATE activity SET user_id = coalesce(user_id, (SELECT id FROM app_user WHERE azure_oid = ${caller.oid}))
      WHERE id = ${id}
      RETURNING customer_id AS "customerId", vorgang_id AS "vorgangId", reason_id AS "reasonId"`.execute(trx);
    const activity = rows[0]!;
    if (activity.reasonId) {
      await addLabelsOfReason(trx, activity.customerId, activity.reasonId, caller, timeZone);
    }
    await sql`
      UPDATE customer
      SET last_activity_at = greatest(last_activity_at, (SELECT least(activity_date, now()) FROM activity WHERE id = ${id}))
      WHERE id = ${activity.customerId}`.execute(trx);
    // A Besuch or call on a Vorgang touches the Vorgang too: its "Letzte Aktivität" and the untouched-offer todo
    // ("Angebot nachfassen") count from it.
    if (activity.vorgangId !== null) {
      await sql`
        UPDATE vorgang
        SET last_activity_at = greatest(last_activity_at, (SELECT least(activity_date, now()) FROM activity WHERE id = ${id}))
        WHERE id = ${activity.vorgangId}`.execute(trx);
    }
  },
});
