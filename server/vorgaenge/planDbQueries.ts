import { sql } from 'kysely';
import type { PlanDb, PlanDbPosition } from '../../src/resources/vorgaenge/vorgangPageTypes';
import type { Database } from '../platform/db/database';
import { notFound } from '../platform/http/apiError';

/**
 * The planned contribution margin (Plan-DB) of the Vorgang's current offer, its newest Angebot: revenue
 * is the positions' totals, cost is quantity × the article's cost (by article id, else by article
 * number). Positions whose article is unknown or has no cost are listed: their revenue counts as margin.
 */
export async function planDbOfVorgang(db: Database, vorgangId: number): Promise<PlanDb> {
  const { rows } = await sql<{ offer: PlanDb['beleg'] }>`
    SELECT (SELECT json_build_object('id', b.id, 'belegNumber', b.beleg_number,
              'belegDate', to_char(b.beleg_date, 'YYYY-MM-DD'))
            FROM beleg b WHERE b.vorgang_id = v.id AND b.beleg_type = 'angebot'
            ORDER BY b.beleg_date DESC, b.id DESC LIMIT 1) AS offer
    FROM vorgang v WHERE v.id = ${vorgangId}`.execute(db);
  if (!rows[0]) throw notFound('Der Vorgang wurde nicht gefunden.');
  const beleg = rows[0].offer;
  if (!beleg) {
    return {
      beleg: null,
      revenueCents: 0,
      costCents: 0,
      marginCents: 0,
      marginPercent: null,
      positions: [],
      withoutCost: [],
    };
  }
  const { rows: positions } = await sql<PlanDbPosition>`
    SELECT p.pos_nr AS "posNr", p.article_number AS "articleNumber",
      coalesce(p.custom_description, p.description) AS description, p.quantity::float8 AS quantity,
      p.total_cents::float8 AS "totalCents",
      CASE WHEN coalesce(a.cost_cents, 0) > 0 THEN round(p.quantity * a.cost_cents)::float8 END AS "costCents"
    FROM beleg_position p
    LEFT JOIN article a ON a.id = coalesce(p.article_id,
      (SELECT x.id FROM article x WHERE x.article_number = p.article_number))
    WHERE p.beleg_id = ${beleg.id}
    ORDER BY p.pos_nr`.execute(db);
  const revenueCents = positions.reduce((sum, p) => sum + p.totalCents, 0);
  const costCents = positions.reduce((sum, p) => sum + (p.costCents ?? 0), 0);
  const marginCents = revenueCents - costCents;
  return {
    beleg,
    revenueCents,
    costCents,
    marginCents,
    marginPercent: revenueCents ? Math.round((marginCents / revenueCents) * 1000) / 10 : null,
    positions,
    withoutCost: positions.filter((p) => p.costCents === null),
  };
}
