import { sql } from 'kysely';
import customerEntity from '../../src/resources/customers/customer.entity';
import type { Snapshot } from '../platform/changes/recordChange';
import type { Executor } from '../platform/entities/entityRepository';
import { getRecord } from '../platform/entities/entityRepository';

/** A customer's labels' due days ({labelId: day}); part of what a change of labels in place changes. */
async function labelDueDates(trx: Executor, id: number): Promise<unknown> {
  const { rows } = await sql<{ due: unknown }>`
    SELECT jsonb_object_agg(label_id, due_date) AS due FROM customer_label
    WHERE customer_id = ${id} AND due_date IS NOT NULL`.execute(trx);
  return rows[0]?.due ?? null;
}

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
