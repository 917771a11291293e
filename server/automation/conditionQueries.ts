import { sql, type RawBuilder } from 'kysely';
import type { Conditions } from '../../src/resources/automation/automationTypes';

/**
 * The automation's conditions on the record as one SQL condition over the Vorgang `v` (LEFT JOIN: absent for a
 * customer's NPS answer without Vorgang) and its customer `c`. Every path decides with it: the event matcher,
 * the time sweep, the run before it acts, and Simulieren. A Vorgang condition never matches without a Vorgang.
 * `branchId` is the automation's own branch (a sales lead's automation sees only that branch's records).
 */
export function conditionsSql(conditions: Conditions, branchId: number | null): RawBuilder<boolean> {
  const parts: RawBuilder<unknown>[] = [];
  const branch = sql`coalesce(v.branch_id, c.branch_id)`;
  if (branchId !== null) parts.push(sql`${branch} = ${branchId}::int`);
  if (conditions.branchIds.length) parts.push(sql`${branch} = ANY (${conditions.branchIds}::int[])`);
  if (conditions.vorgangStatuses.length) {
    parts.push(sql`v.system_status = ANY (${conditions.vorgangStatuses}::text[])`);
  }
  if (conditions.minAmountCents !== null) {
    parts.push(sql`v.net_total_cents >= ${conditions.minAmountCents}::bigint`);
  }
  if (conditions.maxAmountCents !== null) {
    parts.push(sql`v.net_total_cents <= ${conditions.maxAmountCents}::bigint`);
  }
  if (conditions.customStatusIds.length) {
    parts.push(sql`v.custom_status_id = ANY (${conditions.customStatusIds}::int[])`);
  }
  if (conditions.customerTypes.length) {
    parts.push(sql`c.customer_type = ANY (${conditions.customerTypes}::text[])`);
  }
  if (conditions.offerOpened) {
    // The Vorgang's latest online offer, as the customer left it: opened at least once or never.
    const opened = sql`(SELECT l.open_count > 0 FROM offer_link l WHERE l.vorgang_id = v.id
      ORDER BY l.sent_at DESC, l.id DESC LIMIT 1)`;
    parts.push(conditions.offerOpened === 'ja' ? sql`${opened} IS TRUE` : sql`${opened} IS FALSE`);
  }
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` AND `)})` : sql<boolean>`true`;
}
