import type { DataProvider } from 'react-admin';
import { newKey } from '../../api/useIdempotencyKey';
import { formatDate } from '../../i18n/format';
import { describeSubject } from './outboxWording';
import type { OutboxEntry } from './outboxTypes';

/** Both versions of a conflicting change, and the entry that sends the seller's one over the current. */
export interface ConflictVersions {
  mine: string;
  current: string;
  /** Null when the seller's change cannot be put over the current one (only keeping it is offered). */
  adopt: OutboxEntry | null;
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

/** Reads the record as it is now on the server and puts it beside the seller's change. */
export async function loadConflictVersions(
  entry: OutboxEntry,
  dataProvider: DataProvider,
): Promise<ConflictVersions> {
  const mine = describeSubject(entry.subject);
  const subject = entry.subject;
  if (subject.kind === 'kundenfeld') {
    const { data } = await dataProvider.getOne<Row>('kunden', { id: subject.customerId });
    const value = data[subject.field];
    const current =
      subject.field === 'labelIds'
        ? await labelNames(dataProvider, value)
        : value === null || value === undefined || value === ''
          ? '–'
          : String(value as string | number);
    return { mine, current: `${subject.label}: ${current}`, adopt: rebased(entry, data.version, {}) };
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
    return { mine, current, adopt };
  }
  return { mine, current: entry.problem ?? 'Inzwischen geändert.', adopt: null };
}
