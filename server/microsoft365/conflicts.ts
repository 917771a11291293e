import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Event } from '@microsoft/microsoft-graph-types';
import type { Database } from '../platform/db/database';
import type { Microsoft365Context } from './microsoft365Context';
import { instantOf } from './terminEvent';

/** The queue row of a Termin, as far as a conflict needs it. */
export interface ConflictRow {
  activityId: number;
  userId: number;
  eventId: string | null;
  startAt: Date | null;
  endAt: Date | null;
}

/**
 * Keeps a conflict (Outlook and the CRM both changed a Termin since they last agreed): nothing is overwritten,
 * the event's row waits ('ok') until the person decides. One open conflict per Termin; a newer one replaces it.
 */
export async function storeConflict(
  db: Database,
  input: {
    activityId: number;
    userId: number;
    kind: 'verschoben' | 'geloescht';
    outlookStart: Date | null;
    outlookEnd: Date | null;
    crmStart: Date | null;
  },
): Promise<void> {
  await db
    .deleteFrom('m365_conflict')
    .where('activity_id', '=', input.activityId)
    .where('resolved_at', 'is', null)
    .execute();
  await db
    .insertInto('m365_conflict')
    .values({
      activity_id: input.activityId,
      user_id: input.userId,
      kind: input.kind,
      outlook_start: input.outlookStart,
      outlook_end: input.outlookEnd,
      crm_start: input.crmStart,
    })
    .execute();
  await db
    .updateTable('m365_event')
    .set((eb) => ({ want: 'ok', claim: null, updated_at: eb.fn<Date>('now') }))
    .where('activity_id', '=', input.activityId)
    .execute();
}

/**
 * The write path found the event changed (412) or gone (404) in Outlook while the CRM changed the Termin: a
 * conflict, unless Outlook changed nothing of its time (then the CRM's change goes out on the event's new state).
 */
export async function recordConflict(
  context: Microsoft365Context,
  row: ConflictRow,
  termin: { activityDate: Date },
  kind: 'verschoben' | 'geloescht',
): Promise<void> {
  let current: Event | null = null;
  if (kind === 'verschoben' && row.eventId) {
    current = (await context.graph
      .forUser(row.userId)
      .api(`/me/events/${row.eventId}`)
      .get()
      .catch((error: unknown) => {
        if (error instanceof GraphError && error.statusCode === 404) return null;
        throw error;
      })) as Event | null;
    if (!current) kind = 'geloescht';
  }
  const outlookStart = instantOf(current?.start);
  const outlookEnd = instantOf(current?.end);
  const sameTime =
    current &&
    outlookStart?.getTime() === (row.startAt && new Date(row.startAt).getTime()) &&
    outlookEnd?.getTime() === (row.endAt && new Date(row.endAt).getTime());
  if (sameTime) {
    await context.db
      .updateTable('m365_event')
      .set((eb) => ({
        change_key: current!.changeKey ?? null,
        want: 'senden',
        claim: null,
        due_at: eb.fn<Date>('now'),
      }))
      .where('activity_id', '=', row.activityId)
      .execute();
    return;
  }
  if (kind === 'geloescht') {
    await context.db
      .updateTable('m365_event')
      .set({ event_id: null, change_key: null })
      .where('activity_id', '=', row.activityId)
      .execute();
  } else if (current?.changeKey) {
    await context.db
      .updateTable('m365_event')
      .set({ change_key: current.changeKey })
      .where('activity_id', '=', row.activityId)
      .execute();
  }
  await storeConflict(context.db, {
    activityId: row.activityId,
    userId: row.userId,
    kind,
    outlookStart,
    outlookEnd,
    crmStart: termin.activityDate,
  });
}
