import { sql } from 'kysely';
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
  const { rows: found } = await sql<{ authorOid: string; version: number }>`
    SELECT author_oid AS "authorOid", version FROM timeline_note WHERE id = ${id}`.execute(db);
  return found[0];
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
      async () => {
        const { rows } = await sql<TimelineNote>`
          UPDATE timeline_note SET text = ${text}, version = version + 1, updated_at = now()
          WHERE id = ${id} AND version = ${version}
          RETURNING id, text, version, created_at AS "createdAt"`.execute(trx);
        return rows[0];
      },
    ),
  );
}

/** The person's private note on the customer, or undefined. */
export async function findPersonalNote(db: Database, customerId: number, oid: string) {
  const { rows } = await sql<{ text: string; version: number }>`
    SELECT text, version FROM personal_note
    WHERE customer_id = ${customerId} AND user_oid = ${oid}`.execute(db);
  return rows[0];
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
  const { rows } =
    version === 0
      ? await sql<{ text: string; version: number }>`
          INSERT INTO personal_note (customer_id, user_oid, text) VALUES (${customerId}, ${oid}, ${text})
          ON CONFLICT DO NOTHING RETURNING text, version`.execute(db)
      : await sql<{ text: string; version: number }>`
          UPDATE personal_note SET text = ${text}, version = version + 1, updated_at = now()
          WHERE customer_id = ${customerId} AND user_oid = ${oid} AND version = ${version}
          RETURNING text, version`.execute(db);
  return rows[0];
}
