import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../platform/entities/entityRepository';
import type { AutomationWithVersion } from './automationQueries';
import { conditionsSql } from './conditionQueries';
import { regionOfBranch, tenantRegion } from './holidayRegionQueries';

/**
 * Whether the offer link `o` (of the Vorgang `v`) may still be followed up: the customer has not decided, the
 * seller has not withdrawn it nor stopped the follow-up ("Nachfassen beenden"), no newer offer replaced it, the
 * Vorgang is not lost and no Auftragsbestätigung arrived. The cadence's sweep, Simulieren and every step of a
 * cadence run decide with it (offerFollowUpStop says why not, in German).
 */
export const followUpLive = (o: string, v: string): RawBuilder<boolean> => {
  const link = (column: string) => sql.ref(`${o}.${column}`);
  const vorgang = (column: string) => sql.ref(`${v}.${column}`);
  return sql<boolean>`(${link('state')} = 'offen' AND ${link('follow_up_stopped_at')} IS NULL
    AND ${vorgang('system_status')} <> 'verloren'
    AND NOT EXISTS (SELECT 1 FROM beleg ab WHERE ab.vorgang_id = ${link('vorgang_id')}
      AND ab.beleg_type = 'auftragsbestaetigung')
    AND NOT EXISTS (SELECT 1 FROM offer_link newer WHERE newer.vorgang_id = ${link('vorgang_id')}
      AND (newer.sent_at, newer.id) > (${link('sent_at')}, ${link('id')})))`;
};

/** Why the follow-up of link `o` (Vorgang `v`) ended, in German; null while it goes on. */
const stopReasonSql = (o: string, v: string): RawBuilder<string | null> => {
  const link = (column: string) => sql.ref(`${o}.${column}`);
  return sql<string | null>`CASE
    WHEN ${link('state')} = 'angenommen' THEN 'Das Angebot wurde angenommen.'
    WHEN ${link('state')} = 'abgelehnt' THEN 'Das Angebot wurde abgelehnt.'
    WHEN ${link('state')} = 'zurueckgezogen' THEN 'Das Angebot wurde zurückgezogen.'
    WHEN ${link('state')} = 'ersetzt' OR EXISTS (SELECT 1 FROM offer_link newer
        WHERE newer.vorgang_id = ${link('vorgang_id')} AND (newer.sent_at, newer.id) > (${link('sent_at')}, ${link('id')}))
      THEN 'Ein neueres Angebot wurde gesendet.'
    WHEN EXISTS (SELECT 1 FROM beleg ab WHERE ab.vorgang_id = ${link('vorgang_id')}
        AND ab.beleg_type = 'auftragsbestaetigung') THEN 'Die Auftragsbestätigung ist eingegangen.'
    WHEN ${link('follow_up_stopped_at')} IS NOT NULL
      THEN 'Nachfassen beendet von ' || coalesce(${link('follow_up_stopped_by')}, 'unbekannt') || '.'
    WHEN ${sql.ref(`${v}.system_status`)} = 'verloren' THEN 'Der Vorgang ist verloren.'
    ELSE NULL END`;
};

/**
 * Why a cadence run must not act (its offer link's follow-up ended, see followUpLive), or null: it may go on,
 * also when the run belongs to no offer link. `lock` (in the step's transaction) holds the link until the step
 * commits, so a decision or "Nachfassen beenden" waits for the step instead of slipping in between.
 */
export async function offerFollowUpStop(db: Executor, runId: number, lock = false): Promise<string | null> {
  const { rows } = await sql<{ reason: string | null }>`
    SELECT ${stopReasonSql('o', 'v')} AS reason
    FROM automation_run r JOIN offer_link o ON o.id = r.offer_link_id JOIN vorgang v ON v.id = o.vorgang_id
    WHERE r.id = ${runId} ${lock ? sql`FOR SHARE OF o` : sql``}`.execute(db);
  return rows[0]?.reason ?? null;
}

/** The Vorgang's latest offer link and how its follow-up stands (the Vorgang page's cadence line). */
export interface LatestOfferLink {
  id: number;
  sentAt: Date;
  validUntil: string;
  state: string;
  openCount: number;
  branchId: number | null;
  systemStatus: string;
  stopReason: string | null;
  stoppedAt: Date | null;
  stoppedBy: string | null;
}

/** The Vorgang's latest offer link (null when none was sent), with why its follow-up ended. */
export async function latestOfferLink(db: Executor, vorgangId: number): Promise<LatestOfferLink | null> {
  const { rows } = await sql<LatestOfferLink>`
    SELECT o.id, o.sent_at AS "sentAt", to_char(o.valid_until, 'YYYY-MM-DD') AS "validUntil", o.state,
      o.open_count AS "openCount", v.branch_id AS "branchId", v.system_status AS "systemStatus",
      ${stopReasonSql('o', 'v')} AS "stopReason", o.follow_up_stopped_at AS "stoppedAt",
      o.follow_up_stopped_by AS "stoppedBy"
    FROM offer_link o JOIN vorgang v ON v.id = o.vorgang_id
    WHERE o.vorgang_id = ${vorgangId}
    ORDER BY o.sent_at DESC, o.id DESC LIMIT 1`.execute(db);
  return rows[0] ?? null;
}

/**
 * Stops the follow-up of the Vorgang's offer links still followed up ("Nachfassen beenden"); answers the links
 * stopped (none when nothing was running).
 */
export async function stopOfferFollowUp(db: Executor, vorgangId: number, by: string): Promise<number[]> {
  const rows = await db
    .updateTable('offer_link')
    .set((eb) => ({ follow_up_stopped_at: eb.fn<Date>('now'), follow_up_stopped_by: by }))
    .where('vorgang_id', '=', vorgangId)
    .where('state', '=', 'offen')
    .where('follow_up_stopped_at', 'is', null)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The holiday region the Vorgang's working days count by (its branch's, else the tenant's). */
export async function vorgangRegion(db: Executor, vorgangId: number, zone: string): Promise<string> {
  const { rows } = await sql<{ region: string }>`
    SELECT ${regionOfBranch('b', zone)} AS region
    FROM vorgang v LEFT JOIN branch b ON b.id = v.branch_id WHERE v.id = ${vorgangId}`.execute(db);
  return rows[0]?.region ?? tenantRegion(zone);
}

/** Whether the Vorgang meets the automation's conditions now and the automation has no run for the link yet. */
export async function stepStillAhead(
  db: Executor,
  automation: Pick<AutomationWithVersion, 'id' | 'branchId' | 'definition'>,
  vorgangId: number,
  linkId: number,
): Promise<boolean> {
  const { rows } = await sql<{ ahead: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM vorgang v JOIN customer c ON c.id = v.customer_id
      WHERE v.id = ${vorgangId} AND ${conditionsSql(automation.definition.conditions, automation.branchId)}
    ) AND NOT EXISTS (
      SELECT 1 FROM automation_run r WHERE r.automation_id = ${automation.id} AND r.offer_link_id = ${linkId}
    ) AS ahead`.execute(db);
  return rows[0]?.ahead ?? false;
}
