import { sql, type RawBuilder } from 'kysely';
import type { TimelineItem as SharedTimelineItem } from '../../src/resources/customers/timeline/timelineTypes';
import { automationTimelineEntries } from '../automation';
import { offerTimelineEntries } from '../offerOnline';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { recordChange, withChangeRecord } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import { inTransaction } from '../platform/db/inTransaction';

/** Area keys of timeline notes and of a person's private note in the Änderungsverlauf. */
export const NOTE_AREA = 'notiz';
export const PERSONAL_NOTE_AREA = 'persoenliche-notiz';
const noteRow = (trx: Database, id: number) => rowSnapshot(trx, 'timeline_note', { id }, ['author_oid']);

/** A note on the timeline as the API returns it. */
export interface TimelineNote {
  id: number;
  text: string;
  version: number;
  createdAt: Date;
}

/** Writes a note on the customer's timeline, by the caller. */
export async function addTimelineNote(
  db: Database,
  customerId: number,
  text: string,
  caller: Caller,
  writtenAt: Date | null = null,
) {
  return inTransaction(db, async (trx) => {
    // The time of writing as the device sent it, never in the future (a phone's clock may run ahead) and never
    // before the outbox could have kept it.
    const { rows } = await sql<TimelineNote>`
      INSERT INTO timeline_note (customer_id, text, author_oid, author_name, written_at)
      VALUES (${customerId}, ${text}, ${caller.oid}, ${caller.name},
        greatest(least(${writtenAt}::timestamptz, now()), now() - interval '90 days'))
      RETURNING id, text, version, coalesce(written_at, created_at) AS "createdAt"`.execute(trx);
    const note = rows[0]!;
    await recordChange(trx, {
      actor: caller,
      area: NOTE_AREA,
      recordId: note.id,
      before: null,
      after: await noteRow(trx, note.id),
    });
    return note;
  });
}

/** Author and version of a timeline note, or undefined. */
export async function findTimelineNote(db: Database, id: number) {
  return db
    .selectFrom('timeline_note')
    .select(['author_oid as authorOid', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Changes a note if it still has `version`; undefined when someone changed it meanwhile. */
export async function updateTimelineNote(
  db: Database,
  id: number,
  text: string,
  version: number,
  caller: Caller,
) {
  return inTransaction(db, (trx) =>
    withChangeRecord(
      trx,
      { actor: caller, area: NOTE_AREA, recordId: id, read: (trx) => noteRow(trx, id) },
      (): Promise<TimelineNote | undefined> =>
        trx
          .updateTable('timeline_note')
          .set((eb) => ({ text, version: eb('version', '+', 1), updated_at: eb.fn<Date>('now') }))
          .where('id', '=', id)
          .where('version', '=', version)
          .returning(['id', 'text', 'version', 'created_at as createdAt'])
          .executeTakeFirst(),
    ),
  );
}

/** The person's private note on the customer, or undefined. */
export async function findPersonalNote(db: Database, customerId: number, oid: string) {
  return db
    .selectFrom('personal_note')
    .select(['text', 'version'])
    .where('customer_id', '=', customerId)
    .where('user_oid', '=', oid)
    .executeTakeFirst();
}

/** Saves the private note: version 0 creates it; undefined when the version is no longer current. */
export async function savePersonalNote(
  db: Database,
  customerId: number,
  oid: string,
  text: string,
  version: number,
  caller: Caller,
) {
  // Private to its author: the Änderungsverlauf keeps that it changed (its version), never its text, so that no
  // admin reads it there. It names the customer, whose erasure reaches it; shared timelines leave it out.
  const revision = (trx: Database) =>
    rowSnapshot(trx, 'personal_note', { customer_id: customerId, user_oid: oid }).then((row) =>
      row ? { revision: row.version } : null,
    );
  return inTransaction(db, (trx) =>
    withChangeRecord(
      trx,
      { actor: caller, area: PERSONAL_NOTE_AREA, recordId: customerId, customerId, read: revision },
      () => writePersonalNote(trx, customerId, oid, text, version),
    ),
  );
}

async function writePersonalNote(
  db: Database,
  customerId: number,
  oid: string,
  text: string,
  version: number,
) {
  // Version 0 creates the note; two tabs of the same user cannot overwrite each other either.
  if (version === 0) {
    return db
      .insertInto('personal_note')
      .values({ customer_id: customerId, user_oid: oid, text })
      .onConflict((oc) => oc.doNothing())
      .returning(['text', 'version'])
      .executeTakeFirst();
  }
  return db
    .updateTable('personal_note')
    .set((eb) => ({ text, version: eb('version', '+', 1), updated_at: eb.fn<Date>('now') }))
    .where('customer_id', '=', customerId)
    .where('user_oid', '=', oid)
    .where('version', '=', version)
    .returning(['text', 'version'])
    .executeTakeFirst();
}

type TimelineItem = SharedTimelineItem<Date>;

export const TIMELINE_PAGE = 20;

/** Position after which the next page starts: `<timestamp>|<kind>|<id>`, as the last item's `cursor`. */
export function parseTimelineCursor(cursor: string | undefined) {
  if (!cursor) return null;
  const [at, kind, id] = cursor.split('|');
  if (!at || !kind || !Number.isInteger(Number(id))) return null;
  return { at, kind, id: Number(id) };
}

/**
 * Activity entries of the timeline, for the customer's or the Vorgang's `where` (on alias `a`), with the
 * files hung on each (id and name, oldest first: the entry offers them for download).
 */
export function activityEntries(where: RawBuilder<unknown>) {
  return sql`
      SELECT 'aktivitaet' AS kind, a.id, a.activity_date AS at, a.note AS text, u.name AS author, a.version,
        false AS own,
        jsonb_build_object('type', a.activity_type, 'reason', r.text, 'done', a.done, 'dueDate', a.due_date,
          'files', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', f.id, 'name', f.original_name)
                      ORDER BY f.uploaded_at, f.id), '[]'::jsonb)
                    FROM stored_file f WHERE f.owner_type = 'aktivitaet' AND f.owner_id = a.id)) AS details
      FROM activity a LEFT JOIN reason_option r ON r.id = a.reason_id LEFT JOIN app_user u ON u.id = a.user_id
      WHERE ${where}`;
}

/** Beleg entries of the timeline, for the customer's or the Vorgang's `where` (on aliases `b`, `v`). */
export function belegEntries(where: RawBuilder<unknown>) {
  return sql`
      SELECT 'beleg' AS kind, b.id, b.beleg_date::timestamptz AS at, v.title AS text, NULL AS author, b.version,
        false AS own,
        jsonb_build_object('type', b.beleg_type, 'number', b.beleg_number, 'netCents', b.net_cents,
          'vorgang', v.vorgang_number) AS details
      FROM beleg b JOIN vorgang v ON v.id = b.vorgang_id WHERE ${where}`;
}

/**
 * One keyset page of timeline entries (`kind, id, at, text, author, version, own, details` rows, joined by
 * UNION ALL), newest first: scrolling on never repeats or skips an entry, however much is added meanwhile.
 */
export async function timelineEntriesPage(
  db: Database,
  entries: RawBuilder<unknown>,
  cursor: string | undefined,
  limit: number,
): Promise<{ items: TimelineItem[]; next: string | null }> {
  const after = parseTimelineCursor(cursor);
  const { rows } = await sql<TimelineItem>`
    SELECT *, at::text || '|' || kind || '|' || id AS cursor FROM (${entries}) x
    WHERE ${after === null}
      OR (x.at, x.kind, x.id) < (${after?.at ?? null}::timestamptz, ${after?.kind ?? null}::text, ${after?.id ?? null}::int)
    ORDER BY x.at DESC, x.kind DESC, x.id DESC
    LIMIT ${limit + 1}`.execute(db);
  const items = rows.slice(0, limit);
  return { items, next: rows.length > limit ? items.at(-1)!.cursor : null };
}

/**
 * One page of a customer's history (the client's path kunde/getTimelineForCustomer): notes, activities, Belege,
 * e-mails, NPS answers and status changes of their Vorgänge, newest first.
 */
export function timelinePage(
  db: Database,
  customerId: number,
  callerOid: string,
  cursor?: string,
  limit = TIMELINE_PAGE,
): Promise<{ items: TimelineItem[]; next: string | null }> {
  const entries = sql`
      SELECT 'notiz' AS kind, n.id, coalesce(n.written_at, n.created_at) AS at, n.text, n.author_name AS author, n.version,
        n.author_oid = ${callerOid} AS own, jsonb_build_object('edited', n.updated_at > n.created_at) AS details
      FROM timeline_note n WHERE n.customer_id = ${customerId}
      UNION ALL ${activityEntries(sql`a.customer_id = ${customerId}`)}
      UNION ALL ${belegEntries(sql`v.customer_id = ${customerId}`)}
      UNION ALL
      SELECT 'email', m.id, m.sent_at, m.body, m.sender_name, 1, false,
        jsonb_build_object('subject', m.subject, 'recipient', m.recipient, 'status', m.status, 'error', m.error,
          'attachments', m.attachments)
      FROM sent_mail m WHERE m.customer_id = ${customerId}
      UNION ALL
      SELECT 'nps', s.id, s.answered_at, s.comment, NULL, s.version, false,
        jsonb_build_object('score', s.score, 'channel', s.channel)
      FROM nps_answer s WHERE s.customer_id = ${customerId}
      UNION ALL
      SELECT 'status', c.id::int, c.changed_at, NULL, c.changed_by, 1, false,
        jsonb_build_object('vorgang', v.vorgang_number, 'from', f.name, 'to', t.name)
      FROM vorgang_status_change c JOIN vorgang v ON v.id = c.vorgang_id
      LEFT JOIN possible_status f ON f.code = c.from_status LEFT JOIN possible_status t ON t.code = c.to_status
      WHERE v.customer_id = ${customerId}
      UNION ALL ${automationTimelineEntries(sql`r.customer_id = ${customerId}`)}
      UNION ALL ${offerTimelineEntries(sql`l.customer_id = ${customerId}`)}`;
  return timelineEntriesPage(db, entries, cursor, limit);
}
