import { sql } from 'kysely';
import type { Database } from '../platform/db/database';

/** A seller's connection as the lead's team view shows it. */
export interface TeamConnection {
  userId: number;
  name: string;
  state: 'nicht_verbunden' | 'verbunden' | 'erneuern';
  lastSyncAt: Date | null;
  lastError: string | null;
}

/** The person's Termine still waiting for Outlook and their open conflicts. */
export async function waitingCounts(
  db: Database,
  userId: number | null,
): Promise<{ pending: number; conflicts: number } | undefined> {
  const { rows } = await sql<{ pending: number; conflicts: number }>`
    SELECT (SELECT count(*)::int FROM m365_event WHERE user_id = ${userId} AND want <> 'ok') AS pending,
           (SELECT count(*)::int FROM m365_conflict WHERE user_id = ${userId} AND resolved_at IS NULL) AS conflicts`.execute(
    db,
  );
  return rows[0];
}

/** The active people of these branches and their connections (to be renewed first, then by name). */
export async function teamConnections(db: Database, branchIds: readonly number[]): Promise<TeamConnection[]> {
  const { rows } = await sql<TeamConnection>`
    SELECT u.id AS "userId", u.name, coalesce(c.status, 'nicht_verbunden') AS state,
           c.last_sync_at AS "lastSyncAt", c.last_error AS "lastError"
    FROM app_user u LEFT JOIN m365_connection c ON c.user_id = u.id
    WHERE u.active AND u.branch_id = ANY(${branchIds}::int[])
    ORDER BY (c.status = 'erneuern') DESC NULLS LAST, u.name`.execute(db);
  return rows;
}

/** Whether anyone is connected (else the sync jobs have nothing to watch for). */
export async function anyoneConnected(db: Database): Promise<boolean> {
  const row = await db
    .selectFrom('m365_connection')
    .select('user_id')
    .where('status', '=', 'verbunden')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A change notification arrived for the person: the delta is due now; a lifecycle notification also asks for
 * the subscription's renewal (`renew`) or says Graph removed it (`removed`).
 */
export async function markNotified(
  db: Database,
  userId: number,
  lifecycle: { renew: boolean; removed: boolean },
): Promise<void> {
  await db
    .updateTable('m365_connection')
    .set((eb) => ({
      sync_due_at: eb.fn<Date>('now'),
      ...(lifecycle.renew && { subscription_expires_at: eb.fn<Date>('now') }),
      ...(lifecycle.removed && { subscription_id: null }),
    }))
    .where('user_id', '=', userId)
    .execute();
}
