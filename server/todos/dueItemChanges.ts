import { inTransaction } from '../platform/db/inTransaction';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { badRequest, notFound, staleEdit } from '../platform/http/apiError';
import { lastChangedBy } from '../platform/changes/changedBy';
import { labelName, recordVorgangEvent } from '../vorgaenge/vorgangEvents';
import activityEntity from '../../src/resources/activities/activity.entity';
import { withChangeRecord } from '../platform/changes/recordChange';
import { getRecord } from '../platform/entities/entityRepository';
import { customerSubject } from '../customers/customerSnapshot';
import { vorgangSubject } from '../vorgaenge/vorgangSnapshotQueries';
import {
  bumpLabelParent,
  deleteDueLabel,
  insertDueLabel,
  labelAddedBy,
  moveDueLabel,
} from './dueItemQueries';
import { assertMayChange, parseDueKey, type DueKey } from './dueItemAccess';

interface Expected {
  expectedDueDate: string;
  version?: number;
}

/** The Vorgang or customer a due label belongs to, as the Änderungsverlauf records its change. */
const parentSubject = (key: Exclude<DueKey, { kind: 'aktivitaet' }>, caller: Caller) =>
  key.kind === 'vorgangLabel'
    ? { ...vorgangSubject(key.vorgangId), actor: caller }
    : { ...customerSubject(key.customerId), actor: caller };

/** What a label change was, for a Vorgang's history (a customer's label has none). */
type LabelHistory =
  | { kind: 'label_entfernt' | 'label_hinzu'; dueDate: string }
  | { kind: 'label_faellig'; from: string; to: string };

// A label has no version of its own: it is part of its Vorgang's or customer's state, so a change moves the
// parent's version on (their pages then see 409 on a stale edit), and the due date the caller saw is the check.
// On a Vorgang the change is also a line of its own history (vorgang_event), in the same transaction.
async function bumpParent(
  trx: Database,
  key: Exclude<DueKey, { kind: 'aktivitaet' }>,
  caller: Caller,
  change: LabelHistory,
) {
  const version = await bumpLabelParent(trx, key, caller.name);
  if (key.kind !== 'vorgangLabel') return;
  const { kind, ...days } = change;
  await recordVorgangEvent(trx, {
    vorgangId: key.vorgangId,
    kind,
    version: version ?? null,
    details: { label: await labelName(trx, key.labelId), ...days },
    changedBy: caller.name,
  });
}

/**
 * 404 when the item is gone, else 409: it changed since the caller saw it, by whom the activity (or, for a label,
 * its Vorgang or customer, whose version a label change moves on) names as its last writer.
 */
async function staleOrGone(db: Database, key: DueKey): Promise<never> {
  const retry = 'Bitte laden Sie die Liste neu.';
  if (key.kind === 'aktivitaet') {
    const activity = await db
      .selectFrom('activity')
      .select('updated_by as by')
      .where('id', '=', key.id)
      .executeTakeFirst();
    if (!activity) throw notFound('Die Aktivität gibt es nicht mehr.');
    throw staleEdit(activity.by, { subject: 'Die Aktivität', retry });
  }
  const by =
    key.kind === 'vorgangLabel'
      ? await lastChangedBy(db, 'vorgang', key.vorgangId)
      : await lastChangedBy(db, 'customer', key.customerId);
  throw staleEdit(by, { subject: 'Das Label', retry, did: 'geändert oder entfernt' });
}

/**
 * Sets an activity's done flag and due date, only at the version and due date the caller saw. When the activity
 * already is as the change would leave it (done; or open at the day it is moved to), a repeat of the change (an
 * offline outbox sending what the seller tapped twice, or what a colleague did the same) is no conflict: nothing is
 * written and the answer is the activity as it is.
 */
async function changeActivity(
  db: Database,
  id: number,
  expected: Expected & { done: boolean },
  next: { done: boolean; dueDate: string },
  caller: Caller,
  sameResult: (current: { done: boolean; dueDate: string }) => boolean = () => false,
): Promise<{ version: number; dueDate: string }> {
  if (expected.version === undefined) {
    throw badRequest('Bitte prüfen Sie die Eingaben.', { version: 'Die Version der Aktivität fehlt.' });
  }
  const subject = {
    actor: caller,
    area: activityEntity.name,
    recordId: id,
    fields: activityEntity.fields.map((f) => f.source),
    read: (trx: Database) => getRecord(trx, activityEntity, id).catch(() => null),
  };
  return inTransaction(db, (trx) =>
    withChangeRecord(trx, subject, async () => {
      const changed = await trx
        .updateTable('activity')
        .set((eb) => ({
          done: next.done,
          due_date: next.dueDate,
          version: eb('version', '+', 1),
          updated_at: eb.fn<Date>('now'),
          updated_by: caller.name,
        }))
        .where('id', '=', id)
        .where('version', '=', expected.version!)
        .where('done', '=', expected.done)
        .where('due_date', '=', expected.expectedDueDate)
        .returning('version')
        .executeTakeFirst();
      if (changed) return { version: changed.version, dueDate: next.dueDate };
      const current = await trx
        .selectFrom('activity')
        .select(['done', 'version', 'due_date as dueDate'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (current?.dueDate && sameResult({ done: current.done, dueDate: current.dueDate }))
        return { version: current.version, dueDate: current.dueDate };
      return staleOrGone(trx, { kind: 'aktivitaet', id });
    }),
  );
}

/** The due date of a label on its Vorgang or customer (yyyy-MM-dd), or null when the label is not set. */
async function labelDueDate(
  trx: Database,
  key: Exclude<DueKey, { kind: 'aktivitaet' }>,
): Promise<string | null> {
  const row =
    key.kind === 'vorgangLabel'
      ? await trx
          .selectFrom('vorgang_label')
          .select('due_date as dueDate')
          .where('vorgang_id', '=', key.vorgangId)
          .where('label_id', '=', key.labelId)
          .executeTakeFirst()
      : await trx
          .selectFrom('customer_label')
          .select('due_date as dueDate')
          .where('customer_id', '=', key.customerId)
          .where('label_id', '=', key.labelId)
          .executeTakeFirst();
  return row ? (row.dueDate ?? '') : null;
}

/** Marks an item done: the activity is erledigt, the label is removed. The answer lets the page undo it. */
export async function markDone(db: Database, caller: Caller, key: string, expected: Expected) {
  const parsed = parseDueKey(key);
  await assertMayChange(db, caller, parsed);
  if (parsed.kind === 'aktivitaet') {
    const next = { done: true, dueDate: expected.expectedDueDate };
    const done = await changeActivity(
      db,
      parsed.id,
      { ...expected, done: false },
      next,
      caller,
      (now) => now.done,
    );
    return { key, done: true, ...done };
  }
  await inTransaction(db, (trx) =>
    withChangeRecord(trx, parentSubject(parsed, caller), async () => {
      if (!(await deleteDueLabel(trx, parsed, expected.expectedDueDate))) {
        // Removed already (the same "erledigt" again): the same result, no conflict, nothing to write.
        if ((await labelDueDate(trx, parsed)) === null) return;
        await staleOrGone(trx, parsed);
      }
      await bumpParent(trx, parsed, caller, { kind: 'label_entfernt', dueDate: expected.expectedDueDate });
    }),
  );
  return { key, dueDate: expected.expectedDueDate, done: true, version: null };
}

/** Moves the due date of an open item to another day. */
export async function postpone(
  db: Database,
  caller: Caller,
  key: string,
  expected: Expected,
  dueDate: string,
) {
  const parsed = parseDueKey(key);
  await assertMayChange(db, caller, parsed);
  if (parsed.kind === 'aktivitaet') {
    const next = { done: false, dueDate };
    const moved = await changeActivity(
      db,
      parsed.id,
      { ...expected, done: false },
      next,
      caller,
      (now) => !now.done && now.dueDate === dueDate,
    );
    return { key, done: false, ...moved };
  }
  await inTransaction(db, (trx) =>
    withChangeRecord(trx, parentSubject(parsed, caller), async () => {
      if (!(await moveDueLabel(trx, parsed, expected.expectedDueDate, dueDate))) {
        // Moved to that day already (the same "verschoben" again): the same result, no conflict.
        if ((await labelDueDate(trx, parsed)) === dueDate) return;
        await staleOrGone(trx, parsed);
      }
      await bumpParent(trx, parsed, caller, {
        kind: 'label_faellig',
        from: expected.expectedDueDate,
        to: dueDate,
      });
    }),
  );
  return { key, dueDate, done: false, version: null };
}

/** Undoes "erledigt": the activity is open again, or the label is set again with its due date. */
export async function reopen(
  db: Database,
  caller: Caller,
  key: string,
  previous: { dueDate: string; version?: number },
) {
  const parsed = parseDueKey(key);
  await assertMayChange(db, caller, parsed);
  if (parsed.kind === 'aktivitaet') {
    const next = { done: false, dueDate: previous.dueDate };
    const expected = { expectedDueDate: previous.dueDate, version: previous.version, done: true };
    const { version } = await changeActivity(db, parsed.id, expected, next, caller);
    return { key, ...next, version };
  }
  await inTransaction(db, (trx) =>
    withChangeRecord(trx, parentSubject(parsed, caller), async () => {
      if (!(await insertDueLabel(trx, parsed, previous.dueDate, caller.name))) {
        const by = await labelAddedBy(trx, parsed);
        throw staleEdit(by, { subject: 'Das Label', retry: '', did: 'wieder gesetzt' });
      }
      await bumpParent(trx, parsed, caller, { kind: 'label_hinzu', dueDate: previous.dueDate });
    }),
  );
  return { key, dueDate: previous.dueDate, done: false, version: null };
}

// Other areas (bulk actions' undo) read keys through this file, the todos area's door for changes.
export { parseDueKey } from './dueItemAccess';
