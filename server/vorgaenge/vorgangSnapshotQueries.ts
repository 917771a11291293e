import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';
import type { Snapshot } from '../platform/changes/recordChange';
import { selectSnapshot, type SnapshotColumns } from '../platform/changes/recordInStatement';

/** Area key of a Vorgang in the Änderungsverlauf. */
export const VORGANG_AREA = 'vorgang';

/**
 * A Vorgang as the Änderungsverlauf compares it: what a person sets on it (status, Verkäufer, Verlust, labels
 * with their due days, expected value), stored values only; the board place and derived sums are not changes
 * anyone makes. Each field's expression over the row `row` (a table's alias, or the old row an UPDATE joins).
 */
export const vorgangSnapshotColumns: SnapshotColumns = (row) => {
  const c = (column: string) => sql.ref(`${row}.${column}`);
  return {
    own: {
      vorgangNumber: c('vorgang_number'),
      title: c('title'),
      customerId: c('customer_id'),
      endCustomerId: c('end_customer_id'),
      origin: c('origin'),
      systemStatus: c('system_status'),
      customStatusId: c('custom_status_id'),
      sellerUserId: c('seller_user_id'),
      branchId: c('branch_id'),
      lostReason: c('lost_reason'),
      expectedValueCents: c('expected_value_cents'),
      expectedOrderDate: sql`to_char(${c('expected_order_date')}, 'YYYY-MM-DD')`,
    },
    related: {
      labelIds: sql`ARRAY(SELECT vl.label_id FROM vorgang_label vl WHERE vl.vorgang_id = ${c('id')} ORDER BY 1)`,
      labelDueDates: sql`(SELECT jsonb_object_agg(vl.label_id, vl.due_date) FROM vorgang_label vl
        WHERE vl.vorgang_id = ${c('id')} AND vl.due_date IS NOT NULL)`,
    },
  };
};

/** The Vorgang's snapshot (see vorgangSnapshotColumns); null when there is no such Vorgang. */
export async function vorgangSnapshot(trx: Executor, id: number): Promise<Snapshot | null> {
  const { rows } = await sql<Snapshot>`
    SELECT ${selectSnapshot(vorgangSnapshotColumns, 'v')} FROM vorgang v WHERE v.id = ${id}`.execute(trx);
  return rows[0] ?? null;
}

/**
 * What `withChangeRecord` needs to record a change of this Vorgang, and `updateLockedWithRecord` for a change made
 * by one UPDATE of its row.
 */
export const vorgangSubject = (id: number) => ({
  area: VORGANG_AREA,
  recordId: id,
  vorgangId: id,
  read: (trx: Executor) => vorgangSnapshot(trx, id),
  snapshot: vorgangSnapshotColumns,
});
