import { sql, type RawBuilder } from 'kysely';
import {
  MAX_CHAIN_DEPTH,
  OFFER_ANSWERS,
  type EventTriggerKind,
} from '../../src/resources/automation/automationTypes';
import { startOfCompanyDay } from '../../src/config/companyTime';
import type { Executor } from '../platform/entities/entityRepository';
import type { AutomationWithVersion } from './automationQueries';
import { conditionsSql } from './conditionQueries';
import { regionOfBranch, regionsInUse } from './holidayRegionQueries';
import { addWorkingDays } from './workingDays';
import { addCompanyDays } from '../../src/config/companyTime';

/** The hour of the company's day at which a run that waits (days after a Beleg) is due. */
export const WAITING_RUN_HOUR = 7;

const BELEG_NAMES = sql`CASE e.details->>'belegType' WHEN 'angebot' THEN 'Angebot'
  WHEN 'auftragsbestaetigung' THEN 'Auftragsbestätigung' WHEN 'rechnung' THEN 'Rechnung'
  ELSE e.details->>'belegType' END`;

/** The trigger's own test of an event `e` (which Belegart, which status change, which score). */
function triggerTest(automation: AutomationWithVersion): RawBuilder<boolean> {
  const trigger = automation.definition.trigger;
  switch (trigger.kind) {
    case 'beleg':
      return sql<boolean>`e.kind = 'beleg' AND e.details->>'belegType' = ANY (${trigger.belegTypes}::text[])`;
    case 'eigenerStatus':
      return sql<boolean>`e.kind = 'eigenerStatus'
        AND (${trigger.fromStatusId}::int IS NULL OR (e.details->>'from')::int = ${trigger.fromStatusId}::int)
        AND (${trigger.toStatusId}::int IS NULL OR (e.details->>'to')::int = ${trigger.toStatusId}::int)`;
    case 'nps':
      return sql<boolean>`e.kind = 'nps'
        AND (e.details->>'score')::int BETWEEN ${trigger.minScore}::int AND ${trigger.maxScore}::int`;
    case 'angebotOnline':
      return sql<boolean>`e.kind = 'angebotOnline' AND e.details->>'answer' = ANY (${trigger.answers}::text[])`;
    default:
      return sql<boolean>`false`;
  }
}

/**
 * "Rechnung R-1 eingegangen", "Eigener Status: Neu → Aufmaß geplant", "NPS-Antwort 4", "Angebot AN-1 online
 * angenommen".
 */
const OCCURRENCE = sql<string>`CASE e.kind
  WHEN 'beleg' THEN ${BELEG_NAMES} || ' ' || coalesce(e.details->>'belegNumber', '') || ' eingegangen'
  WHEN 'eigenerStatus' THEN 'Eigener Status: ' || coalesce(fs.name, 'Ohne Status') || ' → ' || coalesce(ts.name, 'Ohne Status')
  WHEN 'angebotOnline' THEN 'Angebot ' || coalesce(e.details->>'belegNumber', '') || CASE e.details->>'answer'
    WHEN 'angenommen' THEN ' online angenommen' WHEN 'abgelehnt' THEN ' online abgelehnt'
    ELSE ': Rückfrage des Kunden' END
  ELSE 'NPS-Antwort ' || (e.details->>'score') END`;

/**
 * One occurrence per automation and record event: a Beleg, a status change (each one), an NPS answer, an
 * answer on an online offer (its event row).
 */
const DEDUPE = (automationId: number) => sql<string>`${String(automationId)} || ':' || e.kind || ':' ||
  CASE e.kind WHEN 'eigenerStatus' THEN 'e' || e.id::text ELSE e.record_id::text END`;

/**
 * When a run of this automation is due, per record region: at once, or after the trigger's wait (working days
 * in the record's region, or calendar days) at WAITING_RUN_HOUR in the morning.
 */
async function dueAtSql(
  db: Executor,
  automation: AutomationWithVersion,
  zone: string,
  today: string,
): Promise<RawBuilder<Date>> {
  const trigger = automation.definition.trigger;
  if (trigger.kind !== 'beleg' || trigger.waitDays === 0) return sql<Date>`now()`;
  const at = (day: string) =>
    new Date(startOfCompanyDay(day, zone).getTime() + WAITING_RUN_HOUR * 3_600_000).toISOString();
  if (trigger.waitUnit === 'kalendertage') {
    return sql<Date>`${at(addCompanyDays(today, trigger.waitDays))}::timestamptz`;
  }
  const regions = await regionsInUse(db, zone);
  const cases = regions.map(
    (region) => sql`WHEN ${region} THEN ${at(addWorkingDays(today, trigger.waitDays, region))}::timestamptz`,
  );
  return sql<Date>`CASE ${regionOfBranch('b', zone)} ${sql.join(cases, sql` `)} END`;
}

/**
 * The runs `automation` makes from the record events of `events` (a FROM item with automation_event's columns,
 * aliased e): the trigger's test, the record's conditions, the loop guard (no automation of the run's own chain
 * again) and the chain's depth. One SELECT for the matcher (INSERT … SELECT) and for Simulieren (SELECT):
 * the same decision either way.
 */
export async function eventRunsSelect(
  db: Executor,
  automation: AutomationWithVersion,
  events: RawBuilder<unknown>,
  zone: string,
  today: string,
): Promise<RawBuilder<unknown>> {
  const dueAt = await dueAtSql(db, automation, zone, today);
  return sql`
    SELECT ${automation.id}::int AS automation_id, ${automation.versionId}::int AS version_id,
      ${DEDUPE(automation.id)} AS dedupe_key, v.id AS vorgang_id, c.id AS customer_id,
      ${OCCURRENCE} AS occurrence, coalesce(o.chain, '{}') || ${automation.id}::int AS chain,
      e.origin_run_id, ${dueAt} AS due_at, NULL::int AS offer_link_id
    FROM ${events}
    LEFT JOIN vorgang v ON v.id = e.vorgang_id
    JOIN customer c ON c.id = coalesce(v.customer_id, e.customer_id)
    LEFT JOIN branch b ON b.id = coalesce(v.branch_id, c.branch_id)
    LEFT JOIN automation_run o ON o.id = e.origin_run_id
    LEFT JOIN custom_status fs ON e.kind = 'eigenerStatus' AND fs.id = (e.details->>'from')::int
    LEFT JOIN custom_status ts ON e.kind = 'eigenerStatus' AND ts.id = (e.details->>'to')::int
    WHERE ${triggerTest(automation)}
      AND ${conditionsSql(automation.definition.conditions, automation.branchId)}
      AND NOT (${automation.id}::int = ANY (coalesce(o.chain, '{}')))
      AND cardinality(coalesce(o.chain, '{}')) < ${MAX_CHAIN_DEPTH}`;
}

/**
 * The record events of the last `days` days as automation_event rows (aliased e), read from the records
 * themselves (Belege, the Vorgänge' history of Eigener Status, NPS answers, the answers on online offers): what
 * Simulieren replays for an event trigger to show which records it would have fired for.
 */
export function recentEvents(kind: EventTriggerKind, days: number): RawBuilder<unknown> {
  const since = sql`now() - make_interval(days => ${days}::int)`;
  switch (kind) {
    case 'beleg':
      return sql`(SELECT b.id::bigint AS id, 'beleg'::text AS kind, b.vorgang_id, NULL::int AS customer_id,
          b.id AS record_id, jsonb_build_object('belegType', b.beleg_type, 'belegNumber', b.beleg_number) AS details,
          NULL::bigint AS origin_run_id, b.created_at
        FROM beleg b WHERE b.created_at >= ${since}) e`;
    case 'eigenerStatus':
      return sql`(SELECT ve.id::bigint AS id, 'eigenerStatus'::text AS kind, ve.vorgang_id, NULL::int AS customer_id,
          ve.vorgang_id AS record_id,
          jsonb_build_object('from', (SELECT s.id FROM custom_status s WHERE s.name = ve.details->>'from' LIMIT 1),
                             'to', (SELECT s.id FROM custom_status s WHERE s.name = ve.details->>'to' LIMIT 1)) AS details,
          NULL::bigint AS origin_run_id, ve.changed_at AS created_at
        FROM vorgang_event ve WHERE ve.kind = 'eigener_status' AND ve.changed_at >= ${since}) e`;
    case 'angebotOnline':
      return sql`(SELECT oe.id::bigint AS id, 'angebotOnline'::text AS kind, l.vorgang_id, l.customer_id,
          oe.id AS record_id, jsonb_build_object('answer', oe.kind, 'belegNumber', b.beleg_number) AS details,
          NULL::bigint AS origin_run_id, oe.at AS created_at
        FROM offer_link_event oe JOIN offer_link l ON l.id = oe.offer_link_id JOIN beleg b ON b.id = l.beleg_id
        WHERE oe.kind = ANY (${OFFER_ANSWERS}::text[]) AND oe.at >= ${since}) e`;
    default:
      return sql`(SELECT n.id::bigint AS id, 'nps'::text AS kind, n.vorgang_id, n.customer_id, n.id AS record_id,
          jsonb_build_object('score', n.score) AS details, NULL::bigint AS origin_run_id, n.created_at
        FROM nps_answer n WHERE n.created_at >= ${since}) e`;
  }
}
