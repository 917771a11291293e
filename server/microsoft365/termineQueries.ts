import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { Termin } from './terminEvent';

/** How long a claimed row stays with the worker that took it (a stopped instance's rows come back after it). */
const LEASE = '2 minutes';

/** A queued Termin taken by a worker of the write path. */
export interface Claimed {
  activityId: number;
  userId: number;
  eventId: string | null;
  changeKey: string | null;
  startAt: Date | null;
  endAt: Date | null;
  want: 'senden' | 'loeschen' | 'ok';
  attempts: number;
  calendarId: string | null;
}

/** The Termine with these activity ids (missing ids are deleted activities). */
export async function readTermine(db: Database, ids: readonly number[]): Promise<Map<number, Termin>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<Termin>`
    SELECT a.id, a.version, a.activity_type AS "activityType", a.activity_date AS "activityDate", a.note, a.done,
           a.user_id AS "userId", a.customer_id AS "customerId", c.display_name AS "customerName",
           c.street, c.zip, c.city, c.phone, c.mobile, a.vorgang_id AS "vorgangId",
           v.vorgang_number AS "vorgangNumber", v.title AS "vorgangTitle"
    FROM activity a
    JOIN customer c ON c.id = a.customer_id
    LEFT JOIN vorgang v ON v.id = a.vorgang_id
    WHERE a.id = ANY(${ids}::int[])`.execute(db);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Marks up to `limit` due Termine of one connected person (the oldest due first) with `claim` for the lease;
 * SKIP LOCKED, so two workers never take the same rows.
 */
export async function claimDueEvents(db: Database, claim: string, limit: number): Promise<Claimed[]> {
  const { rows } = await sql<Claimed>`
    WITH person AS (
      SELECT e.user_id FROM m365_event e
      JOIN m365_connection c ON c.user_id = e.user_id AND c.status = 'verbunden'
      WHERE e.want <> 'ok' AND e.due_at <= now()
      ORDER BY e.due_at LIMIT 1 FOR UPDATE OF e SKIP LOCKED
    ), picked AS (
      SELECT e.activity_id FROM m365_event e
      WHERE e.user_id = (SELECT user_id FROM person) AND e.want <> 'ok' AND e.due_at <= now()
      ORDER BY e.due_at, e.activity_id LIMIT ${limit} FOR UPDATE SKIP LOCKED
    )
    UPDATE m365_event e SET claim = ${claim}, due_at = now() + ${LEASE}::interval
    FROM picked WHERE e.activity_id = picked.activity_id
    RETURNING e.activity_id AS "activityId", e.user_id AS "userId", e.event_id AS "eventId",
      e.change_key AS "changeKey", e.start_at AS "startAt", e.end_at AS "endAt", e.want, e.attempts,
      (SELECT calendar_id FROM m365_connection WHERE user_id = e.user_id) AS "calendarId"`.execute(db);
  return rows;
}

/**
 * Stores the event Graph wrote for a Termin; the row is done only while this worker's claim is on it (changed
 * again meanwhile: due again at once).
 */
export async function storeWrittenEvent(
  db: Database,
  input: {
    activityId: number;
    claim: string;
    eventId: string;
    changeKey: string | null;
    startAt: Date | null;
    endAt: Date | null;
    version: number;
  },
): Promise<void> {
  await db
    .updateTable('m365_event')
    .set((eb) => ({
      event_id: input.eventId,
      change_key: input.changeKey,
      start_at: input.startAt,
      end_at: input.endAt,
      synced_version: input.version,
      attempts: 0,
      last_error: null,
      updated_at: eb.fn<Date>('now'),
      want: eb.case().when('claim', '=', input.claim).then('ok').else(eb.ref('want')).end(),
      due_at: eb.case().when('claim', '=', input.claim).then(eb.ref('due_at')).else(eb.fn<Date>('now')).end(),
      claim: null,
    }))
    .where('activity_id', '=', input.activityId)
    .execute();
}

/** Gives a claimed row back, due again after `seconds` (Graph asked to wait). */
export async function postponeClaimed(
  db: Database,
  activityId: number,
  claim: string,
  seconds: number,
): Promise<void> {
  await db
    .updateTable('m365_event')
    .set({ claim: null, due_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
    .where('activity_id', '=', activityId)
    .where('claim', '=', claim)
    .execute();
}

/** Gives a claimed row back after a failed try: one more attempt, the reason, due again after `minutes`. */
export async function failClaimed(
  db: Database,
  input: { activityId: number; claim: string; reason: string; minutes: number },
): Promise<void> {
  await db
    .updateTable('m365_event')
    .set((eb) => ({
      claim: null,
      attempts: eb('attempts', '+', 1),
      last_error: input.reason,
      due_at: sql<Date>`now() + make_interval(mins => ${input.minutes})`,
    }))
    .where('activity_id', '=', input.activityId)
    .where('claim', '=', input.claim)
    .execute();
}

/** Drops a Termin's row when its (new) seller has no connection: nothing to send. */
export async function forgetUnconnectedEvent(db: Database, activityId: number): Promise<void> {
  await sql`
    DELETE FROM m365_event e WHERE e.activity_id = ${activityId} AND NOT EXISTS (
      SELECT 1 FROM m365_connection c WHERE c.user_id = e.user_id)`.execute(db);
}

/** Gives all rows of a claim back, due again in a minute. */
export async function releaseClaim(db: Database, claim: string): Promise<void> {
  await db
    .updateTable('m365_event')
    .set({ claim: null, due_at: sql<Date>`now() + interval '1 minute'` })
    .where('claim', '=', claim)
    .execute();
}

/** Queues the person's planned Termine for Outlook (the first sync, or again after a new connection). */
export async function queueTermine(
  db: Database,
  userId: number,
  terminTypes: readonly string[],
): Promise<void> {
  await sql`
    INSERT INTO m365_event (activity_id, user_id)
    SELECT a.id, a.user_id FROM activity a
    WHERE a.user_id = ${userId} AND a.activity_type = ANY(${terminTypes}::text[]) AND NOT a.done
      AND a.activity_date >= now() - interval '1 day'
    ON CONFLICT (activity_id) DO UPDATE SET want = 'senden', due_at = now(), attempts = 0
      WHERE m365_event.user_id = excluded.user_id`.execute(db);
}
