import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { StoredFile } from '../../src/resources/files/files.endpoints';
import type { Caller } from '../platform/auth/caller';
import { recordChange, type Snapshot } from '../platform/changes/recordChange';
import { rowSnapshot } from '../platform/changes/rowSnapshot';
import { inTransaction } from '../platform/db/inTransaction';

/** Area key of a stored file in the Änderungsverlauf. */
export const FILE_AREA = 'datei';

/** A file's row for the history (its generated storage name is nobody's business) and whose timeline shows it. */
async function fileChange(trx: Database, id: number) {
  const row = await rowSnapshot(trx, 'stored_file', { id }, ['stored_name']);
  if (!row) return null;
  const { rows } = await sql<{ customerId: number | null; vorgangId: number | null }>`
    SELECT CASE f.owner_type WHEN 'kunde' THEN f.owner_id WHEN 'aktivitaet' THEN a.customer_id
             WHEN 'vorgang' THEN v.customer_id END AS "customerId",
           CASE f.owner_type WHEN 'vorgang' THEN f.owner_id WHEN 'aktivitaet' THEN a.vorgang_id END AS "vorgangId"
    FROM stored_file f
    LEFT JOIN activity a ON f.owner_type = 'aktivitaet' AND a.id = f.owner_id
    LEFT JOIN vorgang v ON f.owner_type = 'vorgang' AND v.id = f.owner_id
    WHERE f.id = ${id}`.execute(trx);
  return { row: row as Snapshot, ...rows[0]! };
}

/** Whether the customer or activity a file is hung on exists. */
export async function ownerExists(
  db: Database,
  table: 'customer' | 'activity',
  id: number,
): Promise<boolean> {
  const row = await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** A file just written to the store, as its row records it. */
export interface NewStoredFile {
  ownerType: 'kunde' | 'aktivitaet' | 'vorgang';
  ownerId: number;
  name: string;
  storedName: string;
  mimeType: string;
  size: number;
  uploadedBy: string;
}

/** Records an uploaded file; returns it as the API lists files. */
export async function insertStoredFile(db: Database, file: NewStoredFile, actor: Caller) {
  return inTransaction(db, async (trx) => {
    const saved = await insertFileRow(trx, file);
    const change = (await fileChange(trx, saved!.id))!;
    await recordChange(trx, {
      actor,
      area: FILE_AREA,
      recordId: saved!.id,
      before: null,
      after: change.row,
      ...context(change),
    });
    return saved;
  });
}

const context = (change: { customerId: number | null; vorgangId: number | null }) => ({
  customerId: change.customerId,
  vorgangId: change.vorgangId,
});

async function insertFileRow(db: Database, file: NewStoredFile) {
  const { rows: saved } = await sql<StoredFile>`
    INSERT INTO stored_file (owner_type, owner_id, original_name, stored_name, mime_type, size_bytes, uploaded_by)
    VALUES (${file.ownerType}, ${file.ownerId}, ${file.name}, ${file.storedName},
            ${file.mimeType}, ${file.size}, ${file.uploadedBy})
    RETURNING id, original_name AS name, size_bytes::int AS size, mime_type AS "mimeType",
              uploaded_by AS "uploadedBy", uploaded_at AS "uploadedAt"`.execute(db);
  return saved[0];
}

/** The files of the customer and of their activities, newest first (at most 500). */
export async function filesOfCustomer(db: Database, id: number) {
  const { rows } = await sql<StoredFile>`
    SELECT f.id, f.original_name AS name, f.size_bytes::int AS size, f.mime_type AS "mimeType",
           f.uploaded_by AS "uploadedBy", f.uploaded_at AS "uploadedAt",
           CASE WHEN f.owner_type = 'aktivitaet' THEN f.owner_id END AS "activityId"
    FROM stored_file f
    WHERE (f.owner_type = 'kunde' AND f.owner_id = ${id})
       OR (f.owner_type = 'aktivitaet' AND f.owner_id IN (SELECT a.id FROM activity a WHERE a.customer_id = ${id}))
    ORDER BY f.uploaded_at DESC, f.id DESC
    LIMIT 500`.execute(db);
  return rows;
}

/** The files of one activity, oldest first (stored_file_owner_idx). */
export async function filesOfActivity(db: Database, id: number) {
  const { rows } = await sql<StoredFile>`
    SELECT f.id, f.original_name AS name, f.size_bytes::int AS size, f.mime_type AS "mimeType",
           f.uploaded_by AS "uploadedBy", f.uploaded_at AS "uploadedAt", f.owner_id AS "activityId"
    FROM stored_file f
    WHERE f.owner_type = 'aktivitaet' AND f.owner_id = ${id}
    ORDER BY f.uploaded_at, f.id`.execute(db);
  return rows;
}

/** Name on disk, original name and type of a customer's, activity's or Vorgang's file, or undefined. */
export async function findStoredFile(db: Database, id: number) {
  return db
    .selectFrom('stored_file')
    .select([
      'stored_name as storedName',
      'original_name as name',
      'mime_type as mimeType',
      'owner_type as ownerType',
      'owner_id as ownerId',
    ])
    .where('id', '=', id)
    .where('owner_type', 'in', ['kunde', 'aktivitaet', 'vorgang'])
    .executeTakeFirst();
}

/** Removes the file's row (the caller removes it from the store). */
export async function deleteStoredFile(db: Database, id: number, actor: Caller) {
  const change = await fileChange(db, id);
  await db.deleteFrom('stored_file').where('id', '=', id).execute();
  if (change)
    await recordChange(db, {
      actor,
      area: FILE_AREA,
      recordId: id,
      before: change.row,
      after: null,
      ...context(change),
    });
}
