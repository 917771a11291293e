import { sql } from 'kysely';
import {
  NO_STATUS_WIN_PROBABILITY,
  quarterOf,
  quarterWeightedCents,
} from '../../src/resources/vorgaenge/kanban/pipeline.rules';
import type { Database } from '../platform/db/database';
import { inScope, type ViewerScope } from '../platform/auth/viewerScope';
import { quarterValue } from '../vorgaenge/kanban/pipelineValueQueries';

/**
 * „Erwartet in diesem Quartal“ of a scope: the weighted values of its open Vorgänge expected to be
 * ordered in the company's current quarter, summed per board column and weighted as the board's headers are
 * (pipeline.rules.ts), so the dashboard and the board's "nur meine" agree to the cent. Like the board it
 * counts cards of active statuses and "Ohne Status".
 */
export async function expectedQuarter(db: Database, scope: ViewerScope, today: string) {
  const quarter = quarterOf(today);
  const { rows } = await sql<{ cents: number; p: number }>`
    SELECT sum(${quarterValue(quarter.start, quarter.end)})::float8 AS cents,
      coalesce(cs.win_probability, ${NO_STATUS_WIN_PROBABILITY}::int) AS p
    FROM vorgang v LEFT JOIN custom_status cs ON cs.id = v.custom_status_id
    WHERE ${inScope(scope, sql.ref('v.seller_user_id'), sql.ref('v.branch_id'))}
      AND v.system_status IN ('anfrage', 'angebot')
      AND v.expected_order_date BETWEEN ${quarter.start}::date AND ${quarter.end}::date
      AND (v.custom_status_id IS NULL OR cs.active)
    GROUP BY coalesce(v.custom_status_id, 0), cs.win_probability`.execute(db);
  const weightedCents = rows.reduce((sum, row) => sum + quarterWeightedCents(Number(row.cents), row.p), 0);
  return { ...quarter, weightedCents };
}
