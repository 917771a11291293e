import { sql } from 'kysely';
import { GROUPS, hasAnyGroup, locationGroupsOf } from '../../src/auth/groups';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

/** Sharing a view with a branch or with everyone is for the sales management and the administration. */
export const mayShare = (caller: Caller) => hasAnyGroup(caller.groups, [GROUPS.adminVerkauf, GROUPS.admin]);

/**
 * The caller's branches: those whose location group (APP_STANDORT_…) the caller has, and the branch the CRM's
 * user record names. A branch-shared view is seen there, and shared there.
 */
export async function branchesOf(db: Database, caller: Caller): Promise<{ id: number; name: string }[]> {
  const locations = locationGroupsOf(caller.groups);
  const { rows } = await sql<{ id: number; name: string }>`
    SELECT b.id, b.name FROM branch b
    WHERE b.location_group = ANY(${locations}::text[])
       OR b.id = (SELECT branch_id FROM app_user WHERE azure_oid = ${caller.oid})
    ORDER BY b.name, b.id`.execute(db);
  return rows;
}
