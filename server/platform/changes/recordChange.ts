import { sql, type RawBuilder } from 'kysely';
import type { Caller } from '../auth/caller';
import type { Database } from '../db/database';
import type { Kysely } from 'kysely';
import { PREPARED } from '../db/preparedStatements';

/** Who made a change: a signed-in person (directory oid and name), or the data sync without an oid. */
export interface ChangeActor {
  oid: string | null;
  name: string;
}

/** The data sync's writes are nobody's in particular; the history names them like this. */
export const SYNC_ACTOR: ChangeActor = { oid: null, name: 'Datenabgleich' };

/**
 * Recording is always on. Only `bench/changeHistory.ts` switches it off, in its own process, to measure what
 * recording costs; no configuration, request or environment variable reaches this.
 */
const recording = { on: true };
export const isRecording = () => recording.on;
export function setRecordingForBench(on: boolean) {
  recording.on = on;
}

/** A row as the history compares it: field name → stored value (ids, cents, ISO days, id lists). */
export type Snapshot = Record<string, unknown>;

/** One changed field: the stored value before and after (null where there was none). */
export interface FieldDiff {
  old: unknown;
  new: unknown;
}

/** Bookkeeping every table carries; a change of only these is no change anyone needs to see. */
const BOOKKEEPING = new Set([
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'updatedBy',
  'created_at',
  'updated_at',
  'updated_by',
]);

// Texts, finite numbers, booleans and null are their own JSON form; they compare as they are.
const isScalar = (value: unknown) =>
  value === null ||
  typeof value === 'string' ||
  typeof value === 'boolean' ||
  (typeof value === 'number' && Number.isFinite(value));

// Dates and other objects compare and store as their JSON form (an instant as its ISO string).
const plain = (value: unknown): unknown =>
  value === undefined ? null : isScalar(value) ? value : (JSON.parse(JSON.stringify(value)) as unknown);

const differ = (old: unknown, now: unknown) =>
  isScalar(old) && isScalar(now) ? old !== now : JSON.stringify(old) !== JSON.stringify(now);

/**
 * The fields whose values differ between two snapshots (a create compares with nothing, a delete with
 * nothing after it); `fields` limits the comparison to the declared ones.
 */
export function diffSnapshots(
  before: Snapshot | null,
  after: Snapshot | null,
  fields?: readonly string[],
): Record<string, FieldDiff> {
  const names = fields ?? [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const diff: Record<string, FieldDiff> = {};
  for (const name of names) {
    if (BOOKKEEPING.has(name)) continue;
    const old = plain(before?.[name]);
    const now = plain(after?.[name]);
    if (differ(old, now)) diff[name] = { old, new: now };
  }
  return diff;
}

export interface Change {
  /** The person (the caller of the route) or SYNC_ACTOR. */
  actor: Caller | ChangeActor;
  /** What kind of record: an entity's name (e.g. "kunden", "admin/labels") or a hand-made area key ("vorgang"). */
  area: string;
  recordId: number;
  /** The row before the change; null for a create. */
  before: Snapshot | null;
  /** The row after the change; null for a delete. */
  after: Snapshot | null;
  /** Only these fields count (an entity's declared fields); default: every field of the snapshots. */
  fields?: readonly string[];
  /** Whose timelines show it; taken from the snapshot's customerId / vorgangId when not given. */
  customerId?: number | null;
  vorgangId?: number | null;
}

const idIn = (row: Snapshot | null, ...names: string[]): number | null => {
  for (const name of names) {
    const value = row?.[name];
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  return null;
};

/**
 * The INSERT of one row of the Änderungsverlauf for a created, changed or deleted record, as SQL to run in the
 * change's transaction (alone, or as a data-modifying WITH of a statement the change runs anyway); null when
 * nothing is to be recorded (a change that changed no field, or recording switched off by the bench).
 */
export function changeRecordInsert(change: Change): RawBuilder<unknown> | null {
  if (!recording.on) return null;
  const action = change.before === null ? 'create' : change.after === null ? 'delete' : 'update';
  const changes = diffSnapshots(change.before, change.after, change.fields);
  if (action === 'update' && Object.keys(changes).length === 0) return null;
  const customerId =
    change.customerId !== undefined
      ? change.customerId
      : (idIn(change.after, 'customerId', 'customer_id') ?? idIn(change.before, 'customerId', 'customer_id'));
  const vorgangId =
    change.vorgangId !== undefined
      ? change.vorgangId
      : (idIn(change.after, 'vorgangId', 'vorgang_id') ?? idIn(change.before, 'vorgangId', 'vorgang_id'));
  const bulkJobId = 'bulkJobId' in change.actor ? (change.actor.bulkJobId ?? null) : null;
  // A record of a Vorgang's row names the Vorgang's customer too: the customer's timeline, Auskunft and erasure
  // find every record of theirs by it.
  const customer =
    customerId === null && vorgangId !== null
      ? sql`(SELECT customer_id FROM vorgang WHERE id = ${vorgangId})`
      : sql`${customerId}`;
  return sql`
    INSERT INTO change_record (actor_oid, actor_name, area, record_id, action, changes, customer_id, vorgang_id,
      bulk_job_id)
    VALUES (${change.actor.oid}, ${change.actor.name}, ${change.area}, ${change.recordId}, ${action},
      ${JSON.stringify(changes)}::jsonb, ${customer}, ${vorgangId}, ${bulkJobId}::int)`;
}

/**
 * `statement` (one the change sends anyway, in its transaction) with the Änderungsverlauf's INSERT `record` as a
 * data-modifying WITH, so the record costs no round trip to PostgreSQL of its own; without a record the statement
 * alone. Prepared either way, so with and without recording the same statement runs but for the WITH.
 */
export const withRecordInsert = <R>(record: RawBuilder<unknown> | null, statement: RawBuilder<R>) =>
  sql<R>`${sql.raw(PREPARED)}
    ${record ? sql`WITH recorded AS (${record})` : sql``} ${statement}`;

/**
 * Writes one row of the Änderungsverlauf for a created, changed or deleted record, with the transaction of the
 * change (`trx`), so a change that rolls back leaves no record. A change that changed no field writes nothing.
 * Every write route goes through this: the entity platform for declared entities, the hand-made routes and the
 * data sync with snapshots they read before and after.
 */
export async function recordChange(trx: Database | Kysely<unknown>, change: Change): Promise<boolean> {
  const insert = changeRecordInsert(change);
  if (!insert) return false;
  // Prepared: it runs with nearly every write; parsing and planning it each time was a fifth of its time.
  await sql`${sql.raw(PREPARED)}${insert}`.execute(trx);
  return true;
}

/**
 * Runs `work` (a change of one row inside `trx`) between two snapshots of that row and records the difference:
 * the shape hand-made routes use. `read` returns null while the row does not exist.
 */
export async function withChangeRecord<T>(
  trx: Database,
  subject: Omit<Change, 'before' | 'after'> & { read: (trx: Database) => Promise<Snapshot | null> },
  work: () => Promise<T>,
): Promise<T> {
  if (!recording.on) return work();
  const before = await subject.read(trx);
  const result = await work();
  const after = await subject.read(trx);
  if (before !== null || after !== null) await recordChange(trx, { ...subject, before, after });
  return result;
}

/**
 * Like `withChangeRecord` for a statement that changes several rows at once (a new order, twelve monthly
 * shares): one record per row whose fields changed. `read` returns the rows by their id.
 */
export async function withChangeRecords<T>(
  trx: Database,
  subject: Omit<Change, 'before' | 'after' | 'recordId'> & {
    read: (trx: Database) => Promise<Map<number, Snapshot>>;
  },
  work: () => Promise<T>,
): Promise<T> {
  if (!recording.on) return work();
  const before = await subject.read(trx);
  const result = await work();
  const after = await subject.read(trx);
  for (const id of new Set([...before.keys(), ...after.keys()])) {
    await recordChange(trx, {
      ...subject,
      recordId: id,
      before: before.get(id) ?? null,
      after: after.get(id) ?? null,
    });
  }
  return result;
}
