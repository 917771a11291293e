import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { recordChange, type ChangeActor } from '../platform/changes/recordChange';

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
 * The changes the read-back makes do not go back to Outlook: the activity trigger skips them for this
 * transaction (they came from there).
 */
export async function markAsFromOutlook(trx: Database): Promise<void> {
  await sql`SELECT set_config('fenster.m365_sync', 'on', true)`.execute(trx);
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
  const { rows } = await sql<{ version: number; before: Date; customerId: number; vorgangId: number | null }>`
    WITH old AS (SELECT id, activity_date FROM activity WHERE id = ${input.activityId} FOR UPDATE)
    UPDATE activity a SET activity_date = ${input.start}, version = a.version + 1, updated_at = now(),
      updated_by = ${input.actor.name}
    FROM old
    WHERE a.id = old.id AND (${input.expectedVersion}::int IS NULL OR a.version = ${input.expectedVersion}::int)
    RETURNING a.version, old.activity_date AS before, a.customer_id AS "customerId", a.vorgang_id AS "vorgangId"`.execute(
    trx,
  );
  const moved = rows[0];
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
  await sql`
    UPDATE m365_event SET start_at = ${input.start}, end_at = ${input.end}, synced_version = ${moved.version},
      change_key = coalesce(${input.changeKey ?? null}, change_key), want = 'ok', claim = NULL, updated_at = now()
    WHERE activity_id = ${input.activityId}`.execute(trx);
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
  const { rows } = await sql<{
    snapshot: Record<string, unknown>;
    customerId: number;
    vorgangId: number | null;
  }>`
    DELETE FROM activity
    WHERE id = ${input.activityId} AND (${input.expectedVersion}::int IS NULL OR version = ${input.expectedVersion}::int)
    RETURNING jsonb_build_object('activityType', activity_type, 'activityDate', activity_date, 'note', note,
      'customerId', customer_id, 'vorgangId', vorgang_id) AS snapshot,
      customer_id AS "customerId", vorgang_id AS "vorgangId"`.execute(trx);
  const gone = rows[0];
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
  await sql`DELETE FROM m365_event WHERE activity_id = ${input.activityId}`.execute(trx);
  return true;
}
