import type { Caller } from '../platform/auth/caller';
import { addLabelsOfReason } from '../customers/customerLabels';
import { touchLastActivity } from './activityQueries';
import type { EntityHooks, Executor } from '../platform/entities/entityRepository';

/**
 * What saving an activity does besides the row: it belongs to the person who logs it, its reason's labels
 * go to the customer, and the customer's (and its Vorgang's) "letzte Aktivität" moves on. Its due day is the one
 * sent: the Standard-Fälligkeit fills the form's "Fällig am" (getNewActivityDefaults), where the person sees it and
 * may clear it; an activity saved without a due day stays without one (no todo nobody asked for).
 */
export const activityHooks = (timeZone: string): EntityHooks => ({
  async afterWrite(trx: Executor, id: number, caller: Caller) {
    const activity = await trx
      .updateTable('activity')
      .set((eb) => ({
        user_id: eb.fn.coalesce(
          'user_id',
          eb.selectFrom('app_user').select('id').where('azure_oid', '=', caller.oid),
        ),
      }))
      .where('id', '=', id)
      .returning(['customer_id as customerId', 'vorgang_id as vorgangId', 'reason_id as reasonId'])
      .executeTakeFirstOrThrow();
    if (activity.reasonId) {
      await addLabelsOfReason(trx, activity.customerId, activity.reasonId, caller, timeZone);
    }
    await touchLastActivity(trx, 'customer', activity.customerId, id);
    // A Besuch or call on a Vorgang touches the Vorgang too: its "Letzte Aktivität" and the untouched-offer todo
    // ("Angebot nachfassen") count from it.
    if (activity.vorgangId !== null) await touchLastActivity(trx, 'vorgang', activity.vorgangId, id);
  },
});
