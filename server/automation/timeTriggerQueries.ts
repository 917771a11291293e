import { sql, type RawBuilder } from 'kysely';
import { addCompanyDays, startOfCompanyDay } from '../../src/config/companyTime';
import type { DateField } from '../../src/resources/automation/automationTypes';
import type { Executor } from '../platform/entities/entityRepository';
import type { AutomationWithVersion } from './automationQueries';
import { conditionsSql } from './conditionQueries';
import { followUpLive } from './offerCadenceQueries';
import { regionOfBranch, regionsInUse } from './holidayRegionQueries';
import { daysDueWithin } from './workingDays';

/** A time trigger due on a day the sweep missed (a stopped server, a weekend without sweeps) fires this late. */
export const CATCH_UP_DAYS = 3;

/** The days whose due records a sweep (or Simulieren) looks at; null when none. */
export interface DueWindow {
  first: string;
  last: string;
}

/**
 * Today, and the days before it the sweep catches up on, but never a day before the automation first went
 * live (an automation fires from its activation on, never for what was due before); a draft counts from today.
 */
export function dueWindow(today: string, firstActiveDay: string | null): DueWindow | null {
  const first = [addCompanyDays(today, -CATCH_UP_DAYS), firstActiveDay ?? today].sort().at(-1)!;
  return first <= today ? { first, last: today } : null;
}

const OPEN = sql`v.system_status IN ('anfrage', 'angebot', 'auftrag')`;

const FIELD_NAMES: Record<DateField, string> = {
  angebotGesendet: 'Angebot gesendet am',
  gueltigBis: 'Angebot gültig bis',
  letzteAktivitaet: 'Letzte Aktivität am',
  montagetermin: 'Montagetermin am',
  onlineAngebotGesendet: 'Online-Angebot gesendet am',
  onlineAngebotGueltigBis: 'Online-Angebot gültig bis',
};

interface Part {
  from: RawBuilder<unknown>;
  /** The record's date (a company day) the trigger counts from. */
  day: RawBuilder<unknown>;
  /** The records whose date lies in [from, to]. */
  within: (from: string, to: string) => RawBuilder<boolean>;
  /** The offer link a cadence step belongs to (`o`), one run per link; absent for a Vorgang's own dates. */
  offerLink?: true;
}

/** Where the trigger's date of a Vorgang lives and how its days are found (index-friendly ranges). */
function partOf(automation: AutomationWithVersion, zone: string, validityDays: number): Part {
  const trigger = automation.definition.trigger;
  const instantWithin = (column: RawBuilder<unknown>) => (from: string, to: string) =>
    sql<boolean>`${column} >= ${startOfCompanyDay(from, zone).toISOString()}::timestamptz
      AND ${column} < ${startOfCompanyDay(addCompanyDays(to, 1), zone).toISOString()}::timestamptz`;
  const vorgangFrom = sql`vorgang v`;
  const offerLinkFrom = sql`offer_link o JOIN vorgang v ON v.id = o.vorgang_id`;
  if (trigger.kind === 'inaktiv') {
    const touched = sql`coalesce(v.last_activity_at, v.created_at)`;
    return {
      from: vorgangFrom,
      day: sql`(${touched} AT TIME ZONE ${zone})::date`,
      within: (from, to) => sql<boolean>`${OPEN} AND ${instantWithin(touched)(from, to)}`,
    };
  }
  if (trigger.kind !== 'datum') throw new Error(`Kein Zeit-Auslöser: ${trigger.kind}`);
  switch (trigger.field) {
    case 'angebotGesendet':
      return {
        from: vorgangFrom,
        day: sql`v.first_offer_date`,
        within: (from, to) => sql<boolean>`v.first_offer_date BETWEEN ${from}::date AND ${to}::date`,
      };
    case 'gueltigBis':
      return {
        from: vorgangFrom,
        day: sql`v.first_offer_date + ${validityDays}::int`,
        within: (
          from,
          to,
        ) => sql<boolean>`v.first_offer_date BETWEEN ${addCompanyDays(from, -validityDays)}::date
          AND ${addCompanyDays(to, -validityDays)}::date`,
      };
    case 'letzteAktivitaet':
      return {
        from: vorgangFrom,
        day: sql`(v.last_activity_at AT TIME ZONE ${zone})::date`,
        within: instantWithin(sql`v.last_activity_at`),
      };
    case 'onlineAngebotGesendet':
      return {
        from: offerLinkFrom,
        day: sql`(o.sent_at AT TIME ZONE ${zone})::date`,
        within: (from, to) =>
          sql<boolean>`${instantWithin(sql`o.sent_at`)(from, to)} AND ${followUpLive('o', 'v')}`,
        offerLink: true,
      };
    case 'onlineAngebotGueltigBis':
      return {
        from: offerLinkFrom,
        day: sql`o.valid_until`,
        within: (from, to) =>
          sql<boolean>`o.valid_until BETWEEN ${from}::date AND ${to}::date AND ${followUpLive('o', 'v')}`,
        offerLink: true,
      };
    case 'montagetermin':
      return {
        from: sql`activity m JOIN vorgang v ON v.id = m.vorgang_id`,
        day: sql`(m.activity_date AT TIME ZONE ${zone})::date`,
        within: (from, to) =>
          sql<boolean>`m.activity_type = 'montage' AND ${instantWithin(sql`m.activity_date`)(from, to)}`,
      };
  }
}

/**
 * The runs a time trigger (N working days after or before a date; no activity for N working days) makes for
 * the records due within `window`: per holiday region, the days whose due day lies in the window are one range
 * of the record's date (workingDays.ts, `daysDueWithin`), so each region is one index range. One occurrence per
 * automation, record and date (a new last activity starts a new idle spell). The same SELECT for the sweep
 * (INSERT … SELECT) and for Simulieren; null when no record can be due.
 */
export async function timeRunsSelect(
  db: Executor,
  automation: AutomationWithVersion,
  zone: string,
  window: DueWindow,
): Promise<RawBuilder<unknown> | null> {
  const trigger = automation.definition.trigger;
  const count =
    trigger.kind === 'inaktiv'
      ? trigger.workingDays
      : trigger.kind === 'datum'
        ? trigger.offsetWorkingDays
        : 0;
  const settings = await db
    .selectFrom('global_settings')
    .select('offer_validity_days')
    .where('id', '=', 1)
    .executeTakeFirst();
  const part = partOf(automation, zone, settings?.offer_validity_days ?? 30);
  const occurrence =
    trigger.kind === 'inaktiv'
      ? sql`'Seit ' || ${count}::int || ' Arbeitstagen keine Aktivität (letzte: ' || to_char(${part.day}, 'DD.MM.YYYY') || ')'`
      : sql`${trigger.kind === 'datum' ? FIELD_NAMES[trigger.field] : ''} || ' ' || to_char(${part.day}, 'DD.MM.YYYY') || ', '
          || ${Math.abs(count)}::int || ${count < 0 ? ' Arbeitstage davor' : ' Arbeitstage danach'}`;
  // A cadence step fires once per offer link (a new link, a new cadence), the others once per date.
  const occurrenceKey =
    trigger.kind === 'inaktiv'
      ? sql`extract(epoch FROM coalesce(v.last_activity_at, v.created_at))::bigint::text`
      : part.offerLink
        ? sql`'Angebotslink-' || o.id::text`
        : sql`to_char(${part.day}, 'YYYY-MM-DD')`;
  const parts: RawBuilder<unknown>[] = [];
  for (const region of await regionsInUse(db, zone)) {
    const range = daysDueWithin(window.first, window.last, count, region);
    if (!range) continue;
    parts.push(sql`
      SELECT DISTINCT ON (v.id, ${occurrenceKey}) ${automation.id}::int AS automation_id,
        ${automation.versionId}::int AS version_id,
        ${String(automation.id)} || ':' || ${trigger.kind} || ':' || v.id::text || ':' || ${occurrenceKey} AS dedupe_key,
        v.id AS vorgang_id, c.id AS customer_id, ${occurrence} AS occurrence,
        ARRAY[${automation.id}::int] AS chain, NULL::bigint AS origin_run_id, now() AS due_at,
        ${part.offerLink ? sql`o.id` : sql`NULL::int`} AS offer_link_id
      FROM ${part.from}
      JOIN customer c ON c.id = v.customer_id
      LEFT JOIN branch b ON b.id = v.branch_id
      WHERE ${part.within(range.from, range.to)}
        AND ${regionOfBranch('b', zone)} = ${region}
        AND ${conditionsSql(automation.definition.conditions, automation.branchId)}`);
  }
  return parts.length ? sql`${sql.join(parts, sql` UNION ALL `)}` : null;
}
