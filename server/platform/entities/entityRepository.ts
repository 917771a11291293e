// Writing a declared entity's rows: create, change at a version, delete (or deactivate when in use), each with
// its links and its Änderungsverlauf entry in one transaction. Its reads are in entityReads.ts, exported here too
// so that callers keep one import for an entity's rows.
import { sql } from 'kysely';
import { columnOf, recordTitle, type EntityDeclaration } from '../../../src/resources/entity';
import type { Caller } from '../auth/caller';
import { changeRecordInsert, isRecording } from '../changes/recordChange';
import { OLD_ROW, oldRowJoin } from '../changes/recordInStatement';
import type { Database } from '../db/database';
import { PREPARED } from '../db/preparedStatements';
import { conflict, staleEdit } from '../http/apiError';
import { inTransaction } from '../db/inTransaction';
import { translateDatabaseError } from './databaseErrors';
import { guardEditableBy } from './editableBy';
import { guardChangeableBy } from './changeableBy';
import { entityChange, recordEntityChange } from './entityChangeRecord';
import { linksOf, replaceLinks } from './entityLinks';
import type { EntityRecord, Executor } from './entityRecord';
import { getRecord } from './entityReads';
import { isLink, selectColumns } from './recordSelect';

export type { EntityRecord, Executor } from './entityRecord';
export { ESTIMATED_TOTAL_FROM, getRecord, listRecords, readForUpdate, recordsByIds } from './entityReads';

/** What an entity does besides storing its row, in the same transaction; areas supply them (customerEntityHooks.ts). */
export interface EntityHooks {
  /** Before a row is inserted (id null) or updated, e.g. to refuse fields the caller may not change. */
  beforeWrite?: (
    trx: Executor,
    id: number | null,
    values: Record<string, unknown>,
    caller: Caller,
  ) => Promise<void>;
  afterWrite?: (trx: Executor, id: number, caller: Caller) => Promise<void>;
  /** After a new row and its links are stored (after afterWrite), e.g. defaults taken from the creator. */
  afterCreate?: (trx: Executor, id: number, caller: Caller) => Promise<void>;
}

const scalarFields = (declaration: EntityDeclaration, values: Record<string, unknown>) =>
  declaration.fields.filter((f) => !isLink(f) && f.source in values);

/** Inserts a validated row and its links in one transaction. */
export async function createRecord(
  db: Database,
  declaration: EntityDeclaration,
  values: Record<string, unknown>,
  caller: Caller,
  hooks: EntityHooks = {},
): Promise<EntityRecord> {
  const fields = scalarFields(declaration, values);
  try {
    // Inside an idempotent create's transaction when it carries a key (server/platform/idempotency).
    return await inTransaction(db, async (trx) => {
      await guardEditableBy(trx, declaration, null, values, caller);
      await hooks.beforeWrite?.(trx, null, values, caller);
      const columns = sql.join([...fields.map((f) => sql.ref(columnOf(f))), sql.ref('updated_by')]);
      const inserted = sql.join([...fields.map((f) => sql`${values[f.source]}`), sql`${caller.name}`]);
      const result = await sql<{
        id: number;
      }>`INSERT INTO ${sql.table(declaration.table)} (${columns}) VALUES (${inserted}) RETURNING id`.execute(
        trx,
      );
      const id = result.rows[0]!.id;
      await replaceLinks(trx, declaration, id, values);
      await hooks.afterWrite?.(trx, id, caller);
      await hooks.afterCreate?.(trx, id, caller);
      const created = await getRecord(trx, declaration, id);
      await recordEntityChange(trx, declaration, caller, id, null, created);
      return created;
    });
  } catch (error) {
    throw translateDatabaseError(declaration, error);
  }
}

/**
 * Updates a row only if `version` is still current; a stale version is a German 409. `locked` is the row as this
 * transaction read it with `readForUpdate` (a route that reads it anyway, to check its input against the stored
 * fields): then it is the Änderungsverlauf's row as it was, and the UPDATE does not return the old row again.
 */
export async function updateRecord(
  db: Database,
  declaration: EntityDeclaration,
  id: number,
  version: number,
  values: Record<string, unknown>,
  caller: Caller,
  hooks: EntityHooks = {},
  locked?: EntityRecord,
): Promise<EntityRecord> {
  const fields = scalarFields(declaration, values);
  try {
    // Inside an idempotent edit's transaction when it carries a key (an offline outbox's repeat).
    return await inTransaction(db, async (trx) => {
      await guardEditableBy(trx, declaration, id, values, caller);
      await guardChangeableBy(trx, declaration, id, values, caller);
      await hooks.beforeWrite?.(trx, id, values, caller);
      const assignments = sql.join([
        ...fields.map((f) => sql`${sql.ref(columnOf(f))} = ${values[f.source]}`),
        sql`version = t.version + 1`,
        sql`updated_at = now()`,
        sql`updated_by = ${caller.name}`,
      ]);
      // Its links are read only when this write may change them (link fields in the input, or a hook that writes
      // more); else they are the same before as after.
      const linksMayChange =
        hooks.afterWrite !== undefined || declaration.fields.some((f) => isLink(f) && f.source in values);
      const table = sql.table(declaration.table);
      const recording = isRecording();
      // The row locked by this transaction cannot change under it: at another version the UPDATE cannot succeed.
      if (recording && locked && locked.version !== version) throw staleRecord(declaration, locked);
      const { rows } = await (
        locked
          ? // The row as it is now, for the Änderungsverlauf to compare with the one read and locked before.
            // Prepared (one shape per set of fields sent).
            sql<EntityRecord>`${sql.raw(PREPARED)}
            UPDATE ${table} t SET ${assignments} WHERE t.id = ${id} AND t.version = ${version}
            RETURNING ${selectColumns(declaration, 't', false)}`
          : recording
            ? // The row as it was comes back from the UPDATE itself (the old row joined), for the
              // Änderungsverlauf: no read of its own before the change. Prepared: planning the join to the old
              // row took as long as the rest of the UPDATE.
              sql<EntityRecord>`${sql.raw(PREPARED)}
              UPDATE ${table} t SET ${assignments} FROM ${oldRowJoin(declaration.table, id)}
              WHERE t.id = ${sql.ref(`${OLD_ROW}.id`)} AND t.version = ${version}
              RETURNING ${selectColumns(declaration, OLD_ROW, linksMayChange)}`
            : sql<EntityRecord>`
              UPDATE ${table} t SET ${assignments} WHERE t.id = ${id} AND t.version = ${version} RETURNING t.id`
      ).execute(trx);
      if (!rows.length) throw staleRecord(declaration, await getRecord(trx, declaration, id)); // 404 when gone
      await replaceLinks(trx, declaration, id, values);
      await hooks.afterWrite?.(trx, id, caller);
      if (locked && !linksMayChange) {
        // All the record needs is known now (the links did not change), so its INSERT goes with the read of the
        // row that answers the call: one statement, no round trip to PostgreSQL of its own.
        const now = { ...linksOf(declaration, locked), ...rows[0]! };
        const insert = changeRecordInsert(entityChange(declaration, caller, id, locked, now));
        const read = sql<EntityRecord>`SELECT ${selectColumns(declaration)} FROM ${table} t WHERE t.id = ${id}`;
        const { rows: after } = await sql<EntityRecord>`${sql.raw(PREPARED)}
          ${insert ? sql`WITH recorded AS (${insert})` : sql``} ${read}`.execute(trx);
        return after[0]!;
      }
      const after = await getRecord(trx, declaration, id);
      if (recording) {
        const before =
          locked ?? (linksMayChange ? rows[0]! : { ...linksOf(declaration, after), ...rows[0]! });
        await recordEntityChange(trx, declaration, caller, id, before, after);
      }
      return after;
    });
  } catch (error) {
    throw translateDatabaseError(declaration, error);
  }
}

/** The 409 of a change at a version that is no longer current: names the record and who made its current one. */
export const staleRecord = (declaration: EntityDeclaration, current: EntityRecord) =>
  staleEdit(current.updatedBy as string | null, {
    subject: recordTitle(declaration, current),
    retry: 'Bitte laden Sie die Seite neu und wiederholen Sie Ihre Änderung.',
  });

export interface RemoveResult {
  data: EntityRecord;
  deactivated: boolean;
  message: string;
}

/** Deletes a row; one still in use is deactivated instead, or refused, as the entity declares. */
export async function removeRecord(
  db: Database,
  declaration: EntityDeclaration,
  id: number,
  caller: Caller,
): Promise<RemoveResult> {
  return db.transaction().execute(async (trx) => {
    const record = await getRecord(trx, declaration, id);
    const usages: string[] = [];
    for (const usage of declaration.usedBy ?? []) {
      const result = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM ${sql.table(usage.table)} WHERE ${sql.ref(usage.column)} = ${id}`.execute(
        trx,
      );
      const n = result.rows[0]?.n ?? 0;
      if (n > 0) usages.push(`${n.toLocaleString('de-DE')} ${usage.label}`);
    }
    const name = `${declaration.label.one} „${String(record[declaration.recordRepresentation] ?? id)}“`;
    if (usages.length === 0) {
      await sql`DELETE FROM ${sql.table(declaration.table)} WHERE id = ${id}`.execute(trx);
      await recordEntityChange(trx, declaration, caller, id, record, null);
      return { data: record, deactivated: false, message: `${name} wurde gelöscht.` };
    }
    const listed = usages.length > 1 ? `${usages.slice(0, -1).join(', ')} und ${usages.at(-1)}` : usages[0];
    const where = `Es wird noch in ${listed} verwendet`;
    if (declaration.whenInUse !== 'deactivate') {
      throw conflict(`${name} kann nicht gelöscht werden. ${where}.`);
    }
    await sql`UPDATE ${sql.table(declaration.table)} SET active = false, version = version + 1, updated_at = now(), updated_by = ${caller.name} WHERE id = ${id}`.execute(
      trx,
    );
    const deactivated = await getRecord(trx, declaration, id);
    await recordEntityChange(trx, declaration, caller, id, record, deactivated);
    return {
      data: deactivated,
      deactivated: true,
      message: `${name} wurde deaktiviert statt gelöscht. ${where}.`,
    };
  });
}
