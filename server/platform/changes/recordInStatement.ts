import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../entities/entityRepository';
import { isRecording, recordChange, type Change, type Snapshot } from './recordChange';

/**
 * A snapshot as SQL: each field's name and its expression over the row `row` (an UPDATE's `old` or `new`, or a
 * table's alias); `own` fields are made of the row's columns alone, `related` ones read other rows (links).
 */
export type SnapshotColumns = (row: string) => {
  own: Record<string, RawBuilder<unknown>>;
  related: Record<string, RawBuilder<unknown>>;
};

const selectList = (fields: Record<string, RawBuilder<unknown>>, prefix = '') =>
  sql.join(Object.entries(fields).map(([field, value]) => sql`${value} AS ${sql.id(prefix + field)}`));

/** The whole snapshot as a select list over the row `row`. */
export function selectSnapshot(columns: SnapshotColumns, row: string) {
  const { own, related } = columns(row);
  return selectList({ ...own, ...related });
}

/** The fields named `prefix` + field of a returned row, without the prefix. */
function fieldsOf(row: Record<string, unknown>, prefix: string): Snapshot {
  const snapshot: Snapshot = {};
  for (const [name, value] of Object.entries(row)) {
    if (name.startsWith(prefix)) {
      snapshot[name.slice(prefix.length)] = value;
      delete row[name];
    }
  }
  return snapshot;
}

/**
 * Runs `update` (an UPDATE of the subject's row, without RETURNING, its table aliased so `returning` can name
 * the row) and records what it changed, with the row as it was and as it is taken from the UPDATE itself
 * (RETURNING old and new): no snapshot read before and none after, which made a customer update and a Kanban
 * move 18-22 % slower. Only the snapshot's own fields are compared: one UPDATE of a row changes no other rows,
 * so its related fields are the same before and after. For a change made by this one statement; returns
 * `returning`'s rows.
 */
export async function updateWithRecord<R extends object>(
  trx: Executor,
  subject: Omit<Change, 'before' | 'after'> & { snapshot: SnapshotColumns },
  update: RawBuilder<unknown>,
  returning: RawBuilder<unknown>,
): Promise<R[]> {
  if (!isRecording()) return (await sql<R>`${update} RETURNING ${returning}`.execute(trx)).rows;
  const { rows } = await sql<R>`${update} RETURNING ${returning},
    ${selectList(subject.snapshot('old').own, 'before:')}, ${selectList(subject.snapshot('new').own, 'after:')}`.execute(
    trx,
  );
  for (const row of rows as Record<string, unknown>[]) {
    const before = fieldsOf(row, 'before:');
    const after = fieldsOf(row, 'after:');
    await recordChange(trx, { ...subject, before, after });
  }
  return rows;
}
