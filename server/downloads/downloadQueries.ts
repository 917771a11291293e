import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import type { SourceEntry, SourceKind } from './downloadSource';

/** An item of the registry: the id the client knows, the key the source knows. */
export interface RegisteredItem {
  id: number;
  key: string;
  name: string;
  isFolder: boolean;
  parentId: number | null;
  fileId: number | null;
}

/** Ids of registered items by their key. */
export type IdsByKey = Map<string, { id: number; fileId: number | null }>;

/** What a file is served as, by its name (src/resources/files allow-list; anything else as bytes). */
export type MimeOf = (name: string) => string;

// Listings of one source register at the same time; one lock keeps two of them from inserting one key twice.
const lockRegistry = (trx: Database) =>
  sql`SELECT pg_advisory_xact_lock(hashtext('download_item'))`.execute(trx);

/** The registry row of an item by its id (within the source). */
export async function findItem(db: Database, source: SourceKind, id: number): Promise<RegisteredItem | null> {
  const row = await db
    .selectFrom('download_item')
    .select([
      'id',
      'item_key as key',
      'name',
      'is_folder as isFolder',
      'parent_id as parentId',
      'file_id as fileId',
    ])
    .where('source', '=', source)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ?? null;
}

/** The id of a registered key, or null. */
export async function idOfKey(db: Database, source: SourceKind, key: string): Promise<number | null> {
  const row = await db
    .selectFrom('download_item')
    .select('id')
    .where('source', '=', source)
    .where('item_key', '=', key)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The registry id of the source's top folder (registered on first use). */
export async function registerRoot(db: Database, source: SourceKind, key: string, name: string) {
  const ids = await registerEntries(db, source, null, [
    { key, name, isFolder: true, size: null, modifiedAt: null },
  ]);
  return ids.get(key)!.id;
}

/**
 * Gives every entry of a folder listing its id (new entries get a row; files a stored_file row that
 * download counts refer to) and brings names, sizes and parents of known ones up to date. A null
 * `parentId` keeps the parent a known item has (search hits whose folder the source does not name).
 */
export async function registerEntries(
  db: Database,
  source: SourceKind,
  parentId: number | null,
  entries: readonly SourceEntry[],
  mimeOf: MimeOf = () => 'application/octet-stream',
): Promise<IdsByKey> {
  const ids: IdsByKey = new Map();
  if (!entries.length) return ids;
  await inTransaction(db, async (trx) => {
    await lockRegistry(trx);
    const known = await trx
      .selectFrom('download_item')
      .select(['id', 'item_key', 'file_id', 'is_folder'])
      .where('source', '=', source)
      .where(
        'item_key',
        'in',
        entries.map((entry) => entry.key),
      )
      .execute();
    const byKey = new Map(known.map((row) => [row.item_key, row]));
    const kept: { id: number; fileId: number | null; entry: SourceEntry }[] = [];
    for (const entry of entries) {
      const row = byKey.get(entry.key);
      // A file replaced by a folder of the same name (or the other way round) is a new item.
      if (row && row.is_folder !== entry.isFolder) {
        await trx.deleteFrom('download_item').where('id', '=', row.id).execute();
      } else if (row) {
        kept.push({ id: row.id, fileId: row.file_id, entry });
        ids.set(entry.key, { id: row.id, fileId: row.file_id });
        continue;
      }
      let fileId: number | null = null;
      if (!entry.isFolder) {
        const file = await trx
          .insertInto('stored_file')
          .values({
            owner_type: 'download',
            original_name: entry.name,
            // Not a file-store name: download files live in their source; the row names them for analytics.
            stored_name: sql<string>`'download:' || gen_random_uuid()`,
            mime_type: mimeOf(entry.name),
            size_bytes: entry.size ?? 0,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        fileId = file.id;
      }
      const item = await trx
        .insertInto('download_item')
        .values({
          source,
          item_key: entry.key,
          parent_id: parentId,
          name: entry.name,
          is_folder: entry.isFolder,
          file_id: fileId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.set(entry.key, { id: item.id, fileId });
    }
    if (kept.length) {
      await sql`
        UPDATE download_item d SET name = v.name, parent_id = COALESCE(${parentId}::int, d.parent_id)
        FROM unnest(${kept.map((k) => k.id)}::int[], ${kept.map((k) => k.entry.name)}::text[]) AS v(id, name)
        WHERE d.id = v.id
          AND (d.name <> v.name OR d.parent_id IS DISTINCT FROM COALESCE(${parentId}::int, d.parent_id))`.execute(
        trx,
      );
      const files = kept.filter((k) => k.fileId !== null);
      if (files.length) {
        await sql`
          UPDATE stored_file f SET original_name = v.name, size_bytes = v.size, mime_type = v.mime
          FROM unnest(${files.map((k) => k.fileId)}::int[], ${files.map((k) => k.entry.name)}::text[],
                      ${files.map((k) => k.entry.size ?? 0)}::bigint[], ${files.map((k) => mimeOf(k.entry.name))}::text[])
               AS v(id, name, size, mime)
          WHERE f.id = v.id AND (f.original_name <> v.name OR f.size_bytes <> v.size OR f.mime_type <> v.mime)`.execute(
          trx,
        );
      }
    }
  });
  return ids;
}

/** The folders from the top down to this one (both included), as far as the registry knows them. */
export async function breadcrumbsOf(db: Database, id: number): Promise<{ id: number; name: string }[]> {
  const { rows } = await sql<{ id: number; name: string; depth: number }>`
    WITH RECURSIVE up AS (
      SELECT id, name, parent_id, 0 AS depth FROM download_item WHERE id = ${id}
      UNION ALL
      SELECT d.id, d.name, d.parent_id, up.depth + 1 FROM download_item d JOIN up ON d.id = up.parent_id
      WHERE up.depth < 100
    )
    SELECT id, name, depth FROM up ORDER BY depth DESC`.execute(db);
  return rows.map(({ id: crumbId, name }) => ({ id: crumbId, name }));
}

/**
 * After a rename in the folder source the item and everything below it have new keys; their ids stay,
 * so links, and download counts of the renamed files, live on.
 */
export async function moveKeys(
  db: Database,
  source: SourceKind,
  id: number,
  oldKey: string,
  newKey: string,
  name: string,
) {
  await db.transaction().execute(async (trx) => {
    await lockRegistry(trx);
    // A stale row may still hold the new key (an item once known under that name, deleted outside the CRM).
    await trx
      .deleteFrom('download_item')
      .where('source', '=', source)
      .where((eb) =>
        eb.or([
          eb('item_key', '=', newKey),
          eb(sql`left(item_key, ${newKey.length + 1})`, '=', `${newKey}/`),
        ]),
      )
      .where('id', '<>', id)
      .execute();
    await sql`
      UPDATE download_item SET item_key = ${newKey} || substr(item_key, ${oldKey.length + 1})
      WHERE source = ${source} AND (item_key = ${oldKey} OR left(item_key, ${oldKey.length + 1}) = ${`${oldKey}/`})`.execute(
      trx,
    );
    await trx.updateTable('download_item').set({ name }).where('id', '=', id).execute();
    await trx
      .updateTable('stored_file')
      .set({ original_name: name })
      .where('id', '=', (eb) =>
        eb.selectFrom('download_item').select('file_id').where('download_item.id', '=', id),
      )
      .execute();
  });
}

/** Forgets an item and (through parent_id) everything below it; stored_file rows stay for the statistics. */
export async function forgetItem(db: Database, id: number) {
  await db.deleteFrom('download_item').where('id', '=', id).execute();
}
