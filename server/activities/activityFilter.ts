import { sql, type RawBuilder } from 'kysely';
import type { ActivityFilterValues } from '../../src/resources/activities/activities.endpoints';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { callerUserId, ledBranchIds } from '../platform/auth/viewerScope';

/** Which activities a caller may see: their own, and for a lead those of users of the branches led. */
export interface ActivityVisibility {
  userId: number | null;
  branchIds: number[];
}

/** The caller's visibility (the lead rule of server/todos/README.md, "Whose rows"). */
export async function activityVisibility(db: Database, caller: Caller): Promise<ActivityVisibility> {
  return { userId: await callerUserId(db, caller), branchIds: await ledBranchIds(db, caller) };
}

/** Only the filter fields of a query (sort and paging stay out); refuses a period that ends before it starts. */
export function activityFilterOf(query: ActivityFilterValues): ActivityFilterValues {
  const { activityType, reasonId, userId, branchId, from, to, done } = query;
  if (from && to && from > to) {
    throw badRequest('Bitte prüfen Sie den Zeitraum.', {
      to: 'Das Ende liegt vor dem Anfang des Zeitraums.',
    });
  }
  return { activityType, reasonId, userId, branchId, from, to, done };
}

/**
 * The WHERE of the list, its count and the export (activity `a`, its user `u`): the caller's visibility
 * AND the filters. Period bounds are company days turned into instants in the tenant's zone.
 */
export function activityWhere(
  visibility: ActivityVisibility,
  filter: ActivityFilterValues,
  zone: string,
): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`(a.user_id = ${visibility.userId} OR u.branch_id = ANY(${visibility.branchIds}::int[]))`,
  ];
  if (filter.activityType) parts.push(sql`a.activity_type = ${filter.activityType}`);
  if (filter.reasonId) parts.push(sql`a.reason_id = ${filter.reasonId}`);
  if (filter.userId) parts.push(sql`a.user_id = ${filter.userId}`);
  if (filter.branchId) parts.push(sql`u.branch_id = ${filter.branchId}`);
  if (filter.from)
    parts.push(sql`a.activity_date >= ((${filter.from}::date)::timestamp AT TIME ZONE ${zone})`);
  if (filter.to)
    parts.push(sql`a.activity_date < ((${filter.to}::date + 1)::timestamp AT TIME ZONE ${zone})`);
  if (filter.done !== undefined) parts.push(sql`a.done = ${filter.done}`);
  return sql.join(parts, sql` AND `);
}
