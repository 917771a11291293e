import type { DataProvider } from 'react-admin';
import { newKey } from '../../api/useIdempotencyKey';
import type { ChangeEntry } from '../../resources/changeHistory/changeHistory.endpoints';
import { formatDate } from '../../i18n/format';
import { describeSubject } from './outboxWording';
import type { OutboxEntry } from './outboxTypes';

/** Both versions of a conflicting change, and the entry that sends the seller's one over the current. */
export interface ConflictVersions {
  mine: string;
  current: string;
  /** Null when the seller's change cannot be put over the current one (only keeping it is offered). */
  adopt: OutboxEntry | null;
  /** Who changed the record meanwhile and when, as the Änderungsverlauf recorded it (null: not known). */
  changedBy: { name: string; at: string } | null;
}

type Row = { id: number; version: number } & Record<string, unknown>;

// The seller's change again at the current version, under a new key: the old key belongs to the refused
// request, and the server answers a key sent with other data with a 422.
const rebased = (entry: OutboxEntry, version: number, body: Record<string, unknown>): OutboxEntry => ({
  ...entry,
  version,
  body: { ...(entry.body as Record<string, unknown>), ...body, version },
  idempotencyKey: newKey(),
});

async function labelNames(dataProvider: DataProvider, ids: unknown): Promise<string> {
  if (!Array.isArray(ids) || !ids.length) return '–';
  const { data } = await dataProvider.getList<{ id: number; name: string }>('admin/labels', {
    filter: { forCustomer: true },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  return ids.map((id) => data.find((label) => label.id === id)?.name ?? `Label ${String(id)}`).join(', ');
}

/** A customer's latest changes as the Änderungsverlauf recorded them, newest first. */
export type ChangesOf = (customerId: number) => Promise<ChangeEntry[]>;

/** The latest recorded change of a customer's field: who made it and when (null if not readable). */
async function lastChangeOf(
  changesOf: ChangesOf,
  customerId: number,
  field: string,
): Promise<ConflictVersions['changedBy']> {
  try {
    const data = await changesOf(customerId);
    const last = data.find(
      (change) =>
        change.area === 'kunden' &&
        change.recordId === customerId &&
        change.changes.some((changed) => changed.field === field),
    );
    return last ? { name: last.actorName, at: last.at } : null;
  } catch {
    // Not essential to the decision: the dialog then says "jemand".
    return null;
  }
}

/** Reads the record as it is now on the server and puts it beside the seller's change. */
export async function loadConflictVersions(
  entry: OutboxEntry,
  dataProvider: DataProvider,
  changesOf: ChangesOf,
): Promise<ConflictVersions> {
  const mine = describeSubject(entry.subject);
  const subject = entry.subject;
  if (subject.kind === 'kundenfeld') {
    const [{ data }, changedBy] = await Promise.all([
      dataProvider.getOne<Row>('kunden', { id: subject.customerId }),
      lastChangeOf(changesOf, subject.customerId, subject.field),
    ]);
    const value = data[subject.field];
    const current =
      subject.field === 'labelIds'
        ? await labelNames(dataProvider, value)
        : value === null || value === undefined || value === ''
          ? '–'
          : String(value as string | number);
    return {
      mine,
      current: `${subject.label}: ${current}`,
      adopt: rebased(entry, data.version, {}),
      changedBy,
    };
  }
  if (subject.kind === 'todo' && subject.itemKey.startsWith('aktivitaet:')) {
    const id = Number(subject.itemKey.split(':')[1]);
    const { data } = await dataProvider.getOne<Row>('aktivitaeten', { id });
    const dueDate = typeof data.dueDate === 'string' ? data.dueDate.slice(0, 10) : null;
    const current = data.done
      ? `„${subject.title}“ ist erledigt`
      : `„${subject.title}“ fällig am ${dueDate ? formatDate(dueDate) : '–'}`;
    // Done already, or no due date to move from: nothing of the seller's change can be put over it.
    const adopt = !data.done && dueDate ? rebased(entry, data.version, { expectedDueDate: dueDate }) : null;
    return { mine, current, adopt, changedBy: null };
  }
  return { mine, current: entry.problem ?? 'Inzwischen geändert.', adopt: null, changedBy: null };
}
