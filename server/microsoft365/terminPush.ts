import { randomBytes } from 'node:crypto';
import { GraphError } from '@microsoft/microsoft-graph-client';
import type { Event } from '@microsoft/microsoft-graph-types';
import type { Database } from '../platform/db/database';
import { recordConflict } from './conflicts';
import { isConnectionLost } from './mailboxTokens';
import { TERMIN_TYPES, type Microsoft365Context } from './microsoft365Context';
import { IMMUTABLE_IDS } from './graphClient';
import { DEFAULT_MINUTES, instantOf, terminEvent, type Termin } from './terminEvent';
import {
  claimDueEvents,
  failClaimed,
  forgetUnconnectedEvent,
  postponeClaimed,
  readTermine,
  releaseClaim,
  storeWrittenEvent,
  type Claimed,
} from './termineQueries';

/** Items of one $batch request at most (Graph's limit). */
export const BATCH_SIZE = 20;
/** Pauses after the n-th failed try of a Termin (then every hour). */
const BACKOFF_MINUTES = [1, 5, 15, 60];

/** What Graph answered for one item (directly or inside a $batch). */
interface Answer {
  status: number;
  body?: Event & { error?: { code?: string; message?: string } };
  retryAfterSeconds?: number;
}

type Operation =
  | { kind: 'create'; row: Claimed; termin: Termin }
  | { kind: 'update'; row: Claimed; termin: Termin }
  | { kind: 'delete'; row: Claimed };

/**
 * Takes up to `limit` due Termine of one connected person (the oldest due first) for `lease`: they are marked
 * with a claim and come back by themselves if this instance stops. No row stays locked while Graph is called.
 */
export async function claimTermine(
  db: Database,
  limit = BATCH_SIZE,
): Promise<{ claim: string; rows: Claimed[] }> {
  const claim = randomBytes(9).toString('base64url');
  const rows = await claimDueEvents(db, claim, limit);
  return { claim, rows };
}

const minutesOf = (row: Claimed) =>
  row.startAt && row.endAt
    ? Math.max(5, Math.round((new Date(row.endAt).getTime() - new Date(row.startAt).getTime()) / 60_000))
    : DEFAULT_MINUTES;

/** What to do with each claimed Termin: create, update or remove its event (or only forget the row). */
function plan(row: Claimed, termin: Termin | undefined): Operation | 'forget' | 'reassign' {
  const stillTermin = termin && TERMIN_TYPES.includes(termin.activityType);
  if (row.want === 'loeschen' || !termin || !stillTermin)
    return row.eventId ? { kind: 'delete', row } : 'forget';
  if (termin.userId !== row.userId) return 'reassign';
  return row.eventId ? { kind: 'update', row, termin } : { kind: 'create', row, termin };
}

/** The Graph request of one operation (a $batch item's shape; the direct call uses the same parts). */
function requestOf(operation: Operation, publicUrl: string) {
  const { row } = operation;
  if (operation.kind === 'delete') return { method: 'DELETE', url: `/me/events/${row.eventId}` };
  const body = terminEvent(operation.termin, publicUrl, minutesOf(row));
  if (operation.kind === 'create') {
    return {
      method: 'POST',
      url: `/me/calendars/${row.calendarId}/events`,
      // Graph's own guard against a repeated create (an answer lost, an instance stopped after the call).
      body: { ...body, transactionId: `fenster-crm-${row.activityId}-${operation.termin.version}` },
    };
  }
  // The event as the CRM last knew it: a change in Outlook since then is refused (412) instead of overwritten.
  return { method: 'PATCH', url: `/me/events/${row.eventId}`, body, ifMatch: `W/"${row.changeKey}"` };
}

const retryAfterOf = (value: string | null | undefined) => {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : 5;
};

/** Sends the operations of one person: one call alone, several in $batch requests of up to 20. */
async function send(
  context: Microsoft365Context,
  userId: number,
  operations: Operation[],
): Promise<Answer[]> {
  const graph = context.graph.forUser(userId);
  const requests = operations.map((operation) => requestOf(operation, context.publicUrl));
  if (requests.length === 1) {
    const request = requests[0]!;
    try {
      let call = graph.api(request.url);
      if ('ifMatch' in request && request.ifMatch) call = call.header('If-Match', request.ifMatch);
      const body =
        request.method === 'POST'
          ? await call.post(request.body)
          : request.method === 'PATCH'
            ? await call.patch(request.body)
            : await call.delete();
      return [{ status: request.method === 'POST' ? 201 : request.method === 'PATCH' ? 200 : 204, body }];
    } catch (error) {
      if (!(error instanceof GraphError)) throw error;
      return [
        {
          status: error.statusCode,
          body: { error: { code: error.code ?? undefined, message: error.message } },
          retryAfterSeconds: retryAfterOf(error.headers?.get('Retry-After')),
        },
      ];
    }
  }
  const answers: Answer[] = [];
  for (let start = 0; start < requests.length; start += BATCH_SIZE) {
    const chunk = requests.slice(start, start + BATCH_SIZE);
    const batch = (await graph.api('/$batch').post({
      requests: chunk.map((request, index) => ({
        id: String(index),
        method: request.method,
        url: request.url,
        headers: {
          Prefer: IMMUTABLE_IDS,
          ...('body' in request ? { 'Content-Type': 'application/json' } : {}),
          ...('ifMatch' in request && request.ifMatch ? { 'If-Match': request.ifMatch } : {}),
        },
        ...('body' in request ? { body: request.body } : {}),
      })),
    })) as {
      responses: { id: string; status: number; headers?: Record<string, string>; body?: Answer['body'] }[];
    };
    const byId = new Map(batch.responses.map((response) => [response.id, response]));
    chunk.forEach((_request, index) => {
      const response = byId.get(String(index));
      answers.push(
        response
          ? {
              status: response.status,
              body: response.body,
              retryAfterSeconds: retryAfterOf(
                response.headers?.['Retry-After'] ?? response.headers?.['retry-after'],
              ),
            }
          : { status: 500, body: { error: { message: 'Keine Antwort im Batch' } } },
      );
    });
  }
  return answers;
}

/** Writes what Graph answered for one operation into the queue (and conflicts where Outlook changed too). */
async function apply(context: Microsoft365Context, claim: string, operation: Operation, answer: Answer) {
  const { db } = context;
  const { row } = operation;
  if (operation.kind === 'delete' && (answer.status < 300 || answer.status === 404)) {
    await db
      .deleteFrom('m365_event')
      .where('activity_id', '=', row.activityId)
      .where('claim', '=', claim)
      .execute();
    // Changed again while the event was being removed: the row stays for the next round, without the gone event.
    await db
      .updateTable('m365_event')
      .set({ event_id: null, change_key: null })
      .where('activity_id', '=', row.activityId)
      .execute();
    return;
  }
  if (operation.kind !== 'delete' && answer.status < 300 && answer.body?.id) {
    const event = answer.body;
    await storeWrittenEvent(db, {
      activityId: row.activityId,
      claim,
      eventId: event.id!,
      changeKey: event.changeKey ?? null,
      startAt: instantOf(event.start),
      endAt: instantOf(event.end),
      version: operation.termin.version,
    });
    return;
  }
  if (answer.status === 429 || answer.status === 503) {
    await postponeClaimed(db, row.activityId, claim, answer.retryAfterSeconds ?? 5);
    return;
  }
  // Outlook changed the event since the CRM last wrote it: 412 (If-Match), 409 (ErrorIrresolvableConflict).
  if (operation.kind === 'update' && [404, 409, 412].includes(answer.status)) {
    await recordConflict(
      context,
      operation.row,
      operation.termin,
      answer.status === 404 ? 'geloescht' : 'verschoben',
    );
    return;
  }
  const reason = `Outlook antwortet ${answer.status}: ${answer.body?.error?.message ?? 'ohne Angabe'}`;
  const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length - 1)]!;
  await failClaimed(db, { activityId: row.activityId, claim, reason, minutes: wait });
  await db
    .updateTable('m365_connection')
    .set({
      last_error: `Termin konnte nicht nach Outlook geschrieben werden: ${reason}`,
      last_error_at: new Date(),
    })
    .where('user_id', '=', row.userId)
    .execute();
}

/** A Termin handed to another seller: out of the former seller's calendar, into the new one's queue. */
async function reassign(context: Microsoft365Context, claim: string, row: Claimed, termin: Termin) {
  if (row.eventId) {
    await context.graph
      .forUser(row.userId)
      .api(`/me/events/${row.eventId}`)
      .delete()
      .catch((error: unknown) => {
        if (!(error instanceof GraphError && error.statusCode === 404)) throw error;
      });
  }
  await context.db
    .updateTable('m365_event')
    .set((eb) => ({
      user_id: termin.userId!,
      event_id: null,
      change_key: null,
      synced_version: null,
      claim: null,
      due_at: eb.fn<Date>('now'),
      want: 'senden',
    }))
    .where('activity_id', '=', row.activityId)
    .where('claim', '=', claim)
    .execute();
  // The new seller without a connection: nothing to send.
  await forgetUnconnectedEvent(context.db, row.activityId);
}

/** One round of the write path: one person's due Termine to Outlook; false when nothing was due. */
export async function pushDueTermine(context: Microsoft365Context): Promise<boolean> {
  const { claim, rows } = await claimTermine(context.db);
  if (rows.length === 0) return false;
  const userId = rows[0]!.userId;
  try {
    const termine = await readTermine(
      context.db,
      rows.map((row) => row.activityId),
    );
    const operations: Operation[] = [];
    for (const row of rows) {
      const termin = termine.get(row.activityId);
      const step = plan(row, termin);
      if (step === 'forget') {
        await context.db
          .deleteFrom('m365_event')
          .where('activity_id', '=', row.activityId)
          .where('claim', '=', claim)
          .execute();
      } else if (step === 'reassign') {
        await reassign(context, claim, row, termin!);
      } else operations.push(step);
    }
    if (operations.length) {
      const answers = await send(context, userId, operations);
      for (const [index, operation] of operations.entries())
        await apply(context, claim, operation, answers[index]!);
    }
  } catch (error) {
    // A lost connection leaves the rows waiting for the next one (they are not claimed while it is "erneuern").
    await releaseClaim(context.db, claim);
    if (!isConnectionLost(error)) throw error;
  }
  return true;
}
