import { sql } from 'kysely';

// A Vorgang stagnates when it is open (a card on the board: Anfrage, Angebot, Auftrag), its Eigener Status has a
// limit (custom_status.stagnant_after_days) and more whole company days than that have passed since its last
// activity (else its creation), counted in the tenant's zone: activity at 23:30 in Vienna belongs to that day.

const OPEN = sql`v.system_status IN ('anfrage', 'angebot', 'auftrag')`;
const lastTouched = sql`coalesce(v.last_activity_at, v.created_at)`;
const today = (zone: string) => sql`(now() AT TIME ZONE ${zone})::date`;

/** Whole company days since the last activity of alias v (0 = today). */
export const inactiveDays = (zone: string) =>
  sql<number>`(${today(zone)} - (${lastTouched} AT TIME ZONE ${zone})::date)`;

/**
 * Days without activity when alias v (its status joined as cs) is stagnating, else NULL: for rows already
 * picked (a page, a card), never for filtering.
 */
export const stagnantDays = (zone: string) =>
  sql<number | null>`CASE WHEN ${OPEN} AND ${inactiveDays(zone)} > cs.stagnant_after_days
    THEN ${inactiveDays(zone)} END`;

/**
 * Alias v is stagnating, as a condition: its last activity lies before the start of company day today − limit.
 * The bound is computed per status (a handful of rows), so the comparison stays on the row's own columns.
 */
export const stagnantCondition = (zone: string) =>
  sql`${OPEN} AND EXISTS (
    SELECT 1 FROM custom_status s WHERE s.id = v.custom_status_id AND s.stagnant_after_days IS NOT NULL
      AND ${lastTouched} < ((${today(zone)} - s.stagnant_after_days)::timestamp AT TIME ZONE ${zone}))`;
