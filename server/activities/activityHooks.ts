import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import { addLabelsOfReason } from '../customers/customerLabels';
import type { EntityHooks, Executor } from '../platform/entities/entityRepository';

/**
 * What saving an activity does besides the row: it belongs to the person who logs it, its reason's labels
 * go to the customer, and the customer's (and its Vorgang's) "letzte Aktivität" moves on. Its due day is the one
 * sent: the Standard-Fälligkeit fills the form's "Fällig am" (getNewActivityDefaults), where the person sees it and
 * may clear it; an activity saved without a due day stays without one (no todo nobody asked for).
 */
export const activityHooks = (timeZone: string): EntityHooks => ({
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
