import type { FastifyInstance } from 'fastify';
import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Event } from '@microsoft/microsoft-graph-types';
import {
  getCalendarConflicts,
  resolveCalendarConflict,
} from '../../src/resources/microsoft365/microsoft365.endpoints';
import { callerUserId } from '../platform/auth/viewerScope';
import { badRequest, forbidden, notFound } from '../platform/http/apiError';
import { endpointRoute } from '../platform/http/endpointRoute';
import { openConflicts, resolveConflict } from './conflictQueries';
import type { Microsoft365Context } from './microsoft365Context';
import { deleteTerminFromOutlook, moveTerminFromOutlook, outlookActor } from './outlookChanges';

/** The person's open conflicts, and their decision: keep the CRM's Termin (sent to Outlook) or take Outlook's. */
export function registerConflictRoutes(app: FastifyInstance, context: Microsoft365Context | null) {
  const { db } = app;

  endpointRoute(app, getCalendarConflicts, async (request) => {
    const userId = await callerUserId(db, request.caller!);
    const rows = await openConflicts(db, userId);
    return { rows };
  });

  endpointRoute(app, resolveCalendarConflict, async (request) => {
    const userId = await callerUserId(db, request.caller!);
    const conflict = await db
      .selectFrom('m365_conflict')
      .selectAll()
      .where('id', '=', request.params.id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (!conflict) throw notFound('Dieser Konflikt ist nicht (mehr) offen.');
    // Each person decides about their own calendar only, a lead included.
    if (conflict.user_id !== userId)
      throw forbidden('Dieser Konflikt betrifft den Kalender einer anderen Person.');
    const { keep } = request.body;
    if (keep === 'crm') {
      if (!context) throw badRequest('Microsoft 365 ist in dieser Installation nicht eingerichtet.');
      const link = await db
        .selectFrom('m365_event')
        .select(['event_id'])
        .where('activity_id', '=', conflict.activity_id)
        .executeTakeFirst();
      // The event's current state, so the CRM's write is not refused again by the change it overrules.
      const current = link?.event_id
        ? ((await context.graph
            .forUser(conflict.user_id)
            .api(`/me/events/${link.event_id}`)
            .get()
            .catch((error: unknown) => {
              if (error instanceof GraphError && error.statusCode === 404) return null;
              throw error;
            })) as Event | null)
        : null;
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('m365_event')
          .set((eb) => ({
            want: 'senden',
            due_at: eb.fn<Date>('now'),
            claim: null,
            attempts: 0,
            change_key: current?.changeKey ?? null,
            event_id: current ? link!.event_id : null,
          }))
          .where('activity_id', '=', conflict.activity_id)
          .execute();
        await resolveConflict(trx, conflict.id, 'crm');
      });
      context.kickPush();
      return { resolved: true };
    }
    const actor = await outlookActor(db, conflict.user_id);
    await db.transaction().execute(async (trx) => {
      if (conflict.kind === 'geloescht') {
        await deleteTerminFromOutlook(trx, {
          activityId: conflict.activity_id,
          expectedVersion: null,
          actor,
        });
      } else if (conflict.outlook_start && conflict.outlook_end) {
        await moveTerminFromOutlook(trx, {
          activityId: conflict.activity_id,
          expectedVersion: null,
          start: new Date(conflict.outlook_start),
          end: new Date(conflict.outlook_end),
          actor,
        });
      }
      await resolveConflict(trx, conflict.id, 'outlook');
    });
    return { resolved: true };
  });
}
