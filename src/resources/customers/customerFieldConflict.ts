import type { DataProvider } from 'react-admin';
import {
  rebased,
  type ChangesOf,
  type ConflictContext,
  type ConflictVersions,
} from '../../offline/outbox/outboxSubject';
import type { OutboxEntry } from '../../offline/outbox/outboxTypes';
import type { CustomerFieldSubject } from './customerField.outbox';

type Row = { id: number; version: number } & Record<string, unknown>;

async function labelNames(dataProvider: DataProvider, ids: unknown): Promise<string> {
  if (!Array.isArray(ids) || !ids.length) return '–';
  const { data } = await dataProvider.getList<{ id: number; name: string }>('admin/labels', {
    filter: { forCustomer: true },
    pagination: { page: 1, perPage: 200 },
    sort: { field: 'name', order: 'ASC' },
  });
  return ids.map((id) => data.find((label) => label.id === id)?.name ?? `Label ${String(id)}`).join(', ');
}

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

/** The customer as it is now beside the seller's value, and who changed the field: the seller may put theirs over it. */
export async function customerFieldConflict(
  entry: OutboxEntry,
  subject: CustomerFieldSubject,
  { dataProvider, changesOf }: ConflictContext,
): Promise<ConflictVersions> {
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
    mine: `${subject.label}: ${subject.shown || '–'}`,
    current: `${subject.label}: ${current}`,
    adopt: rebased(entry, data.version, {}),
    changedBy,
  };
}
