import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/**
 * The changes the read-back makes do not go back to Outlook: the activity trigger skips them for this
 * transaction (they came from there).
 */
export async function markAsFromOutlook(trx: Database): Promise<void> {
  await sql`SELECT set_config('fenster.m365_sync', 'on', true)`.execute(trx);
}

/**
 * Moves an activity to `start` while it has `expectedVersion` (null: any); answers its new version and the time
 * before, or undefined when it changed meanwhile (or is gone).
 */
export async function moveActivity(
  trx: Database,
  input: { activityId: number; expectedVersion: number | null; start: Date; by: string },
): Promise<{ version: number; before: Date; customerId: number; vorgangId: number | null } | undefined> {
  const { rows } = await sql<{ version: number; before: Date; customerId: number; vorgangId: number | null }>`
    WITH old AS (SELECT id, activity_date FROM activity WHERE id = ${input.activityId} FOR UPDATE)
    UPDATE activity a SET activity_date = ${input.start}, version = a.version + 1, updated_at = now(),
      updated_by = ${input.by}
    FROM old
    WHERE a.id = old.id AND (${input.expectedVersion}::int IS NULL OR a.version = ${input.expectedVersion}::int)
    RETURNING a.version, old.activity_date AS before, a.customer_id AS "customerId", a.vorgang_id AS "vorgangId"`.execute(
    trx,
  );
  return rows[0];
}

/**
 * Deletes an activity while it has `expectedVersion` (null: any); answers what it held (for the
 * Änderungsverlauf), or undefined when it changed meanwhile (or is gone).
 */
export async function deleteActivity(
  trx: Database,
  input: { activityId: number; expectedVersion: number | null },
): Promise<{ snapshot: Record<string, unknown>; customerId: number; vorgangId: number | null } | undefined> {
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
  return rows[0];
}
