import customerEntity from '../../src/resources/customers/customer.entity';
import type { Snapshot } from '../platform/changes/recordChange';
import type { Executor } from '../platform/entities/entityRepository';
import { getRecord } from '../platform/entities/entityRepository';
import { labelDueDates } from './customerQueries';

async function customerSnapshot(trx: Executor, id: number): Promise<Snapshot | null> {
  const record = await getRecord(trx, customerEntity, id).catch(() => null);
  return record && { ...record, labelDueDates: await labelDueDates(trx, id) };
}

/**
 * What `withChangeRecord` needs to record a change of a customer made outside the entity platform (labels in
 * place, labels of an activity reason, due labels): the platform's snapshot and fields, plus the labels' due days.
 */
export const customerSubject = (id: number) => ({
  area: customerEntity.name,
  recordId: id,
  customerId: id,
  fields: [...customerEntity.fields.map((f) => f.source), 'labelDueDates'],
  read: (trx: Executor) => customerSnapshot(trx, id),
});
