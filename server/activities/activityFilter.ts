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
