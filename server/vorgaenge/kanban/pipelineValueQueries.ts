import { sql, type RawBuilder } from 'kysely';

/**
 * The weighted pipeline's terms on alias v (the rule: src/resources/vorgaenge/kanban/pipeline.rules.ts), used by
 * the board and the dashboard. They read only columns of `vorgang_board_idx` (migration 0032), so the board's
 * sums stay index-only.
 */

/** A card's value: the Beleg's Summe netto, or before the first Beleg (an Anfrage) the seller's estimate. */
export const cardValue = sql`(CASE WHEN v.system_status = 'anfrage' THEN coalesce(v.expected_value_cents, 0)
  ELSE v.net_total_cents END)`;

/** Whether the value is the seller's estimate (no Beleg yet). */
export const isEstimate = sql`(v.system_status = 'anfrage')`;

/** The value of a won card (it has an Auftrag), else 0: won cards count in full in the weighted sums. */
export const wonValue = sql`(CASE WHEN v.system_status = 'auftrag' THEN ${cardValue} ELSE 0 END)`;

/** The value of an open card (neither won nor lost) expected to be ordered between the two days, else 0. */
export function quarterValue(start: string, end: string): RawBuilder<unknown> {
  return sql`(CASE WHEN v.system_status IN ('anfrage', 'angebot')
    AND v.expected_order_date BETWEEN ${start}::date AND ${end}::date THEN ${cardValue} ELSE 0 END)`;
}
