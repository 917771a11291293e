import { sql, type RawBuilder } from 'kysely';
import { GROUPS, hasAnyGroup, locationGroupsOf } from '../../../src/auth/groups';
import type { Caller } from './caller';
import type { Database } from '../db/database';
import { forbidden } from '../http/apiError';

/**
 * Whose rows a caller looks at: some users' (their own, or one colleague's) or whole branches'.
 * The rule for "lead" (written down in server/todos/README.md, "Whose rows"): a caller with APP_ADMIN_VERKAUF leads the
 * branches whose location group (APP_STANDORT_…) the caller has; everyone else sees only their own rows.
 */
export type ViewerScope = { userIds: number[] } | { branchIds: number[] };

export interface ScopeRequest {
  scope?: 'mine' | 'branch' | 'user';
  userId?: number;
}

/** Whether the caller is a sales lead (may look at the branch and at colleagues). */
export const isLead = (caller: Caller) => hasAnyGroup(caller.groups, [GROUPS.adminVerkauf]);

/** The CRM user id of the caller, or null if the directory person is not (yet) a user of the CRM. */
export async function callerUserId(db: Database, caller: Caller): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM app_user WHERE azure_oid = ${caller.oid}`.execute(
    db,
  );
  return rows[0]?.id ?? null;
}

/** The branches the caller leads (by their location groups); empty for non-leads. */
export async function ledBranchIds(db: Database, caller: Caller): Promise<number[]> {
  const locations = locationGroupsOf(caller.groups);
  if (!isLead(caller) || locations.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM branch WHERE location_group = ANY(${locations}::text[])`.execute(db);
  return rows.map((row) => row.id);
}

/** Resolves the requested scope, refusing (403) a branch or a colleague to anyone but their lead. */
export async function resolveScope(
  db: Database,
  caller: Caller,
  request: ScopeRequest,
): Promise<ViewerScope> {
  const scope = request.scope ?? 'mine';
  if (scope === 'mine') {
    const me = await callerUserId(db, caller);
    return { userIds: me === null ? [] : [me] };
  }
  if (!isLead(caller)) throw forbidden('Nur die Verkaufsleitung sieht die Filiale oder andere Verkäufer.');
  const branchIds = await ledBranchIds(db, caller);
  if (scope === 'branch') return { branchIds };
  if (request.userId === undefined) throw forbidden('Bitte wählen Sie einen Verkäufer.');
  if (!(await inBranches(db, request.userId, branchIds)))
    throw forbidden('Dieser Verkäufer gehört nicht zu Ihrer Filiale.');
  return { userIds: [request.userId] };
}

/** Whether the user `userId` belongs to one of `branchIds`. */
async function inBranches(db: Database, userId: number, branchIds: number[]): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM app_user WHERE id = ${userId} AND branch_id = ANY(${branchIds}::int[])`.execute(db);
  return rows.length > 0;
}

/** Whether the caller leads the user `userId` (a lead of that user's branch). */
export async function leadsUser(db: Database, caller: Caller, userId: number): Promise<boolean> {
  return isLead(caller) && inBranches(db, userId, await ledBranchIds(db, caller));
}

/**
 * SQL condition "the row belongs to the scope", given the row's user and branch columns. One id is compared with
 * `=`: an index on (owner, sort key) then hands out its rows already sorted (a `LIMIT` reads only those), which
 * `= ANY(array)` does not let the planner rely on.
 */
export function inScope(
  scope: ViewerScope,
  userColumn: RawBuilder<unknown>,
  branchColumn: RawBuilder<unknown>,
) {
  const [column, ids] = 'userIds' in scope ? [userColumn, scope.userIds] : [branchColumn, scope.branchIds];
  return ids.length === 1 ? sql`${column} = ${ids[0]}::int` : sql`${column} = ANY(${ids}::int[])`;
}
