import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../entities/entityRepository';
import { isRecording, recordChange, type Change, type Snapshot } from './recordChange';

/**
 * A snapshot as SQL: each field's name and its expression over the row `row` (an UPDATE's `old` or `new`, or a
 * table's alias). Related rows the expressions read are seen as they were before the statement.
 */
export type SnapshotColumns = (row: string) => Record<string, RawBuilder<unknown>>;

/** The snapshot's columns as a select list, each named `prefix` + field. */
export function selectSnapshot(columns: SnapshotColumns, row: string, prefix = '') {
  return sql.join(
    Object.entries(columns(row)).map(([field, value]) => sql`${value} AS ${sql.id(prefix + field)}`),
  );
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
 * (RETURNING old and new): no read before and none after, which cost a customer update and a Kanban move
 * 18-22 % more time. For a change made by this one statement. Returns `returning`'s rows.
 */
export async function updateWithRecord<R extends object>(
  trx: Executor,
  subject: Omit<Change, 'before' | 'after'> & { snapshot: SnapshotColumns },
  update: RawBuilder<unknown>,
  returning: RawBuilder<unknown>,
): Promise<R[]> {
  if (!isRecording()) return (await sql<R>`${update} RETURNING ${returning}`.execute(trx)).rows;
  const { rows } = await sql<R>`${update} RETURNING ${returning},
    ${selectSnapshot(subject.snapshot, 'old', 'before.')}, ${selectSnapshot(subject.snapshot, 'new', 'after.')}`.execute(
    trx,
  );
  for (const row of rows as Record<string, unknown>[]) {
    const before = fieldsOf(row, 'before.');
    const after = fieldsOf(row, 'after.');
    await recordChange(trx, { ...subject, before, after });
  }
  return rows;
}
