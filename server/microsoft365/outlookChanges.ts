import type { Database } from '../platform/db/database';
import { recordChange, type ChangeActor } from '../platform/changes/recordChange';
import { deleteActivity, markAsFromOutlook, moveActivity } from './outlookChangeQueries';

/** Who made a change that came from Outlook: the person themself, named so the Änderungsverlauf says where. */
export async function outlookActor(db: Database, userId: number): Promise<ChangeActor> {
  const row = await db
    .selectFrom('app_user')
    .select(['azure_oid', 'name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return { oid: row?.azure_oid ?? null, name: `${row?.name ?? 'Unbekannt'} (in Outlook)` };
}

/**
 * Moves a Termin to the time it has in Outlook, only while the activity still has `expectedVersion` (null: any
 * version, a person's own decision of a conflict); answers the new version, or null when it changed meanwhile.
 * Recorded in the Änderungsverlauf as the person's change in Outlook.
 */
export async function moveTerminFromOutlook(
  trx: Database,
  input: {
    activityId: number;
    expectedVersion: number | null;
    start: Date;
    end: Date;
    actor: ChangeActor;
    changeKey?: string | null;
  },
): Promise<number | null> {
  await markAsFromOutlook(trx);
  const moved = await moveActivity(trx, {
    activityId: input.activityId,
    expectedVersion: input.expectedVersion,
    start: input.start,
    by: input.actor.name,
  });
  if (!moved) return null;
  await recordChange(trx, {
    actor: input.actor,
    area: 'aktivitaeten',
    recordId: input.activityId,
    before: { activityDate: new Date(moved.before).toISOString() },
    after: { activityDate: input.start.toISOString() },
    customerId: moved.customerId,
    vorgangId: moved.vorgangId,
  });
  await trx
    .updateTable('m365_event')
    .set((eb) => ({
      start_at: input.start,
      end_at: input.end,
      synced_version: moved.version,
      // A move without the event's new state keeps the one the CRM knows.
      ...(input.changeKey != null ? { change_key: input.changeKey } : {}),
      want: 'ok',
      claim: null,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('activity_id', '=', input.activityId)
    .execute();
  return moved.version;
}

/**
 * Deletes a Termin the person deleted in Outlook, only while it still has `expectedVersion` (null: any);
 * answers whether it did. Recorded in the Änderungsverlauf.
 */
export async function deleteTerminFromOutlook(
  trx: Database,
  input: { activityId: number; expectedVersion: number | null; actor: ChangeActor },
): Promise<boolean> {
  await markAsFromOutlook(trx);
  const gone = await deleteActivity(trx, {
    activityId: input.activityId,
    expectedVersion: input.expectedVersion,
  });
  if (!gone) return false;
  await recordChange(trx, {
    actor: input.actor,
    area: 'aktivitaeten',
    recordId: input.activityId,
    before: gone.snapshot,
    after: null,
    customerId: gone.customerId,
    vorgangId: gone.vorgangId,
  });
  await trx.deleteFrom('m365_event').where('activity_id', '=', input.activityId).execute();
  return true;
}
