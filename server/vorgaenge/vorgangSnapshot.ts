import { sql } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';
import type { Snapshot } from '../platform/changes/recordChange';

/** Area key of a Vorgang in the Änderungsverlauf. */
export const VORGANG_AREA = 'vorgang';

/**
 * A Vorgang as the Änderungsverlauf compares it: what a person sets on it (status, Verkäufer, Verlust, labels
 * with their due days, expected value), stored values only; the board place and derived sums are not changes
 * anyone makes. Null when there is no such Vorgang.
 */
export async function vorgangSnapshot(trx: Executor, id: number): Promise<Snapshot | null> {
  const { rows } = await sql<Snapshot>`
    SELECT v.vorgang_number AS "vorgangNumber", v.title, v.customer_id AS "customerId",
      v.end_customer_id AS "endCustomerId", v.origin, v.system_status AS "systemStatus",
      v.custom_status_id AS "customStatusId", v.seller_user_id AS "sellerUserId", v.branch_id AS "branchId",
      v.lost_reason AS "lostReason", v.expected_value_cents AS "expectedValueCents",
      to_char(v.expected_order_date, 'YYYY-MM-DD') AS "expectedOrderDate",
      ARRAY(SELECT vl.label_id FROM vorgang_label vl WHERE vl.vorgang_id = v.id ORDER BY 1) AS "labelIds",
      (SELECT jsonb_object_agg(vl.label_id, vl.due_date) FROM vorgang_label vl
       WHERE vl.vorgang_id = v.id AND vl.due_date IS NOT NULL) AS "labelDueDates"
    FROM vorgang v WHERE v.id = ${id}`.execute(trx);
  return rows[0] ?? null;
}

/** What `withChangeRecord` needs to record a change of this Vorgang. */
export const vorgangSubject = (id: number) => ({
  area: VORGANG_AREA,
  recordId: id,
  vorgangId: id,
  read: (trx: Executor) => vorgangSnapshot(trx, id),
});
