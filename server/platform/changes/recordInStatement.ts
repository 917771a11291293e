import { sql, type RawBuilder } from 'kysely';
import { PREPARED } from '../db/preparedStatements';
import type { Executor } from '../entities/entityRepository';
import { changeRecordInsert, type Change, type Snapshot } from './recordChange';

/**
 * A snapshot as SQL: each field's name and its expression over the row `row` (a table's alias, or the old row
 * joined to an UPDATE); `own` fields are made of the row's columns alone, `related` ones read other rows (links).
 */
export type SnapshotColumns = (row: string) => {
  own: Record<string, RawBuilder<unknown>>;
  related: Record<string, RawBuilder<unknown>>;
};

const selectList = (fields: Record<string, RawBuilder<unknown>>, prefix = '') =>
  sql.join(Object.entries(fields).map(([field, value]) => sql`${value} AS ${sql.id(prefix + field)}`));

// The own fields' select lists as SQL text, per snapshot, row alias and prefix. They are the same text on every call
// (column names and constant expressions), but building them anew (a reference and an alias per field) and
// compiling them with the statement cost a Kanban move about 40 µs of JavaScript, the largest part the record adds.
// null: the list carries parameters and is built anew each time (compiled once to find that out).
const ownListTexts = new WeakMap<SnapshotColumns, Map<string, RawBuilder<unknown> | null>>();

/**
 * The own fields of `columns` over the row `row`, each named `prefix` + field, compiled once; a list whose
 * expressions carry values (parameters) is built anew each time, as their numbering depends on the statement.
 */
function ownSelectList(trx: Executor, columns: SnapshotColumns, row: string, prefix: string) {
  let texts = ownListTexts.get(columns);
  if (!texts) ownListTexts.set(columns, (texts = new Map()));
  const key = `${row}\u0000${prefix}`;
  const known = texts.get(key);
  if (known) return known;
  const list = selectList(columns(row).own, prefix);
  if (known === null) return list;
  const compiled = list.compile(trx);
  const text = compiled.parameters.length ? null : sql.raw(compiled.sql);
  texts.set(key, text);
  return text ?? list;
}

/** The whole snapshot as a select list over the row `row`. */
export function selectSnapshot(columns: SnapshotColumns, row: string) {
  const { own, related } = columns(row);
  return selectList({ ...own, ...related });
}

/** The fields named `prefix` + field of a returned row, without the prefix (they are taken out of the row). */
export function fieldsOf(row: Record<string, unknown>, prefix: string): Snapshot {
  const snapshot: Snapshot = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(prefix)) {
      snapshot[name.slice(prefix.length)] = value;
      delete row[name];
    }
  }
  return snapshot;
}

/** The alias of the row as it was in an UPDATE that joins it (`oldRowJoin`). */
export const OLD_ROW = 'was';

/**
 * A FROM item for an UPDATE of row `id` of `table`: the row as it was when the statement began, named OLD_ROW,
 * so RETURNING can name its old values beside the new ones (what PostgreSQL 18's RETURNING old does, on every
 * version the CRM runs on). Join it with `<alias>.id = was.id`. The row must be the one the UPDATE changes: a
 * concurrent change makes the UPDATE's version check fail, or the caller holds the row's lock.
 */
export const oldRowJoin = (table: string, id: number) =>
  sql`(SELECT * FROM ${sql.table(table)} WHERE id = ${id}) AS ${sql.id(OLD_ROW)}`;

/** An UPDATE of one row of `table` (aliased `t`): its SET list, and what else it requires of the row. */
export interface RowUpdate {
  table: string;
  /** Columns of the row are named `t.column` on the right-hand side (the old row has the same names). */
  set: RawBuilder<unknown>;
  where?: RawBuilder<unknown>;
}

/** How the old row's own fields are named in the read that locks it (`lockedSnapshotSelect`). */
export const LOCKED_PREFIX = 'before:';

/**
 * The snapshot's own fields over the row `row`, each named LOCKED_PREFIX + field: for the read that locks the row
 * before its change (`SELECT … FOR UPDATE`), which a route sends anyway to check the caller's version. Taken out of
 * the row read with `fieldsOf(row, LOCKED_PREFIX)`, they are the row as it was for `updateLockedWithRecord`.
 */
export const lockedSnapshotSelect = (trx: Executor, columns: SnapshotColumns, row: string) =>
  ownSelectList(trx, columns, row, LOCKED_PREFIX);

/**
 * Updates the subject's row that this transaction has read and locked before the change (`locked`: its own fields
 * as they were, null while nothing is recorded) and returns the Änderungsverlauf's INSERT for what it changed
 * instead of sending it: the caller lets it ride with a statement it sends anyway (`withRecordInsert`), so
 * recording adds no round trip to PostgreSQL, and the UPDATE does not join the old row again (the lock keeps the
 * row read before the same as the row the UPDATE changes). Only the own fields are compared: one UPDATE of a
 * row changes no other rows, so its related fields are the same before and after. Prepared with and without recording: the same statement but for the new row's fields.
 */
export async function updateLockedWithRecord<R extends object>(
  trx: Executor,
  subject: Omit<Change, 'before' | 'after'> & { snapshot: SnapshotColumns },
  update: RowUpdate,
  returning: RawBuilder<unknown>,
  locked: Snapshot | null,
): Promise<{ rows: R[]; record: RawBuilder<unknown> | null }> {
  const where = update.where ? sql`AND ${update.where}` : sql``;
  const after = locked ? sql`, ${ownSelectList(trx, subject.snapshot, 't', 'after:')}` : sql``;
  const { rows } = await sql<R>`${sql.raw(PREPARED)}
    UPDATE ${sql.table(update.table)} t SET ${update.set} WHERE t.id = ${subject.recordId} ${where}
    RETURNING ${returning} ${after}`.execute(trx);
  if (!locked || rows.length !== 1) return { rows, record: null };
  const record = changeRecordInsert({
    ...subject,
    before: locked,
    after: fieldsOf(rows[0] as Record<string, unknown>, 'after:'),
  });
  return { rows, record };
}
