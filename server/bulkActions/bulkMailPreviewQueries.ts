import { sql, type RawBuilder } from 'kysely';
import type {
  BulkMailPreview,
  BulkSelection,
  BulkTarget,
} from '../../src/resources/bulkActions/bulkActionTypes';
import type { Caller } from '../platform/auth/caller';
import { callerUserId, isLead, ledBranchIds } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { personalisedMail } from '../mail/personalisedMail';
import { checkBulkMail } from './bulkMail';
import { dueItemsQuery } from '../todos/dueItemQueries';
import { filterRows } from './bulkJobQueries';
import { dueScopeOf } from './dueLabelItemQueries';
import { NO_CONSENT_REASON, type MailPurpose } from '../../src/resources/consent/consent.rules';
import { werbungConsentGiven } from '../consent/consentRule';

/** The mails of this many recipients are shown before sending. */
const PREVIEWS = 3;
/** Refused records named per answer; the dialog asks for the next ones with `refusedOffset`. */
export const REFUSED_PAGE = 100;

/**
 * What "Mail senden" would do with this selection, before anything is queued: how many records, how many of
 * their customers have no address or (for an advertising template) no consent, every refused record by name
 * (a page of them from `refusedOffset`), and the mail of the first few recipients, filled by the same code the
 * job queues with. The selection is resolved as the job resolves it (the ticked ids, or the list's filter in
 * SQL).
 */
export async function previewBulkMail(
  db: Database,
  caller: Caller,
  target: BulkTarget,
  templateId: number,
  selection: BulkSelection,
  timeZone: string,
  refusedOffset = 0,
): Promise<BulkMailPreview> {
  const template = await checkBulkMail(db, caller, templateId);
  const recipients = await recipientsOf(db, caller, target, selection, timeZone, template.purpose);
  // Shown, and counted as recipients, are only records the caller may reach; the job refuses the rest.
  const inReach = sql`r.reach`;
  const { rows: counts } = await sql<{
    total: number;
    withoutEmail: number;
    outOfReach: number;
    withoutConsent: number;
  }>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${inReach} AND coalesce(r.email, '') = '')::int AS "withoutEmail",
      count(*) FILTER (WHERE NOT ${inReach})::int AS "outOfReach",
      count(*) FILTER (WHERE ${inReach} AND coalesce(r.email, '') <> '' AND NOT r.consent)::int AS "withoutConsent"
    FROM (${recipients}) r`.execute(db);
  // Every refused record by name, in the reason the job would give first (reach, address, consent).
  const { rows: refused } = await sql<{ recordId: number; name: string | null; reason: string }>`
    SELECT r."recordId", r.name,
      CASE WHEN NOT ${inReach} THEN ${OUT_OF_REACH}
           WHEN coalesce(r.email, '') = '' THEN ${NO_ADDRESS}
           ELSE ${NO_CONSENT_REASON} END AS reason
    FROM (${recipients}) r
    WHERE NOT ${inReach} OR coalesce(r.email, '') = '' OR NOT r.consent
    ORDER BY lower(r.name) NULLS LAST, r."recordId"
    LIMIT ${REFUSED_PAGE} OFFSET ${refusedOffset}`.execute(db);
  const { rows: first } = await sql<{
    recordId: number;
    customerId: number;
    vorgangId: number | null;
    name: string | null;
    email: string;
  }>`
    SELECT r.* FROM (${recipients}) r WHERE ${inReach} AND coalesce(r.email, '') <> '' AND r.consent
    ORDER BY r."recordId", r."vorgangId" NULLS FIRST LIMIT ${PREVIEWS}`.execute(db);
  const previews = [];
  for (const row of first) {
    const mail = await personalisedMail(db, caller, template, row.customerId, row.vorgangId, timeZone);
    previews.push({ recordId: row.recordId, name: row.name, to: row.email, ...mail });
  }
  return {
    total: counts[0]?.total ?? 0,
    withoutEmail: counts[0]?.withoutEmail ?? 0,
    outOfReach: counts[0]?.outOfReach ?? 0,
    withoutConsent: counts[0]?.withoutConsent ?? 0,
    refused,
    previews,
  };
}

const OUT_OF_REACH = 'Keine Berechtigung: Der Vorgang gehört weder Ihnen noch einer Filiale, die Sie leiten.';
const NO_ADDRESS = 'Keine E-Mail-Adresse hinterlegt.';

/**
 * The selection's recipients as SQL rows (recordId, customerId, vorgangId, name, email, reach, consent): the
 * ticked ids or the list's filter; for Fällige Labels each Vorgang or customer the labels are on, once (as
 * the job queues one mail per record), a Vorgang's label as a Vorgang's mail, a customer's as a customer's.
 * `consent` is the consent rule's SQL for an advertising template, else true.
 */
async function recipientsOf(
  db: Database,
  caller: Caller,
  target: BulkTarget,
  selection: BulkSelection,
  timeZone: string,
  purpose: MailPurpose,
) {
  const consent = purpose === 'werbung' ? werbungConsentGiven(sql.ref('c.id')) : sql`true`;
  const customers = (picked: RawBuilder<unknown>) =>
    sql`SELECT c.id AS "recordId", c.id AS "customerId", NULL::int AS "vorgangId", c.display_name AS name,
        btrim(c.email) AS email, true AS reach, ${consent} AS consent
      FROM (${picked}) p JOIN customer c ON c.id = p.id`;
  const vorgaenge = async (picked: RawBuilder<unknown>) =>
    sql`SELECT v.id AS "recordId", c.id AS "customerId", v.id AS "vorgangId",
        v.vorgang_number || ' ' || v.title AS name, btrim(c.email) AS email, ${await vorgangInReach(db, caller)} AS reach,
        ${consent} AS consent
      FROM (${picked}) p JOIN vorgang v ON v.id = p.id JOIN customer c ON c.id = v.customer_id`;
  if (target === 'faelligeLabels') {
    if ('rows' in selection) {
      const message = 'Fällige Labels werden als Labels gewählt, nicht als Zeilen.';
      throw badRequest(message, { selection: message });
    }
    const keys =
      'labels' in selection
        ? sql`SELECT unnest(${selection.labels.map((label) => label.key)}::text[]) AS key`
        : sql`SELECT d.key FROM (${dueItemsQuery(await dueScopeOf(db, caller, selection.filter), 'labels')}) d`;
    const records = (kind: string) =>
      sql`SELECT DISTINCT split_part(p.key, ':', 2)::int AS id FROM (${keys}) p
        WHERE split_part(p.key, ':', 1) = ${kind}`;
    return sql`${await vorgaenge(records('vorgangLabel'))} UNION ALL ${customers(records('kundeLabel'))}`;
  }
  if ('labels' in selection) {
    const message = 'Diese Liste wählt Zeilen, keine Labels.';
    throw badRequest(message, { selection: message });
  }
  const picked =
    'rows' in selection
      ? sql`SELECT unnest(${selection.rows.map((row) => row.id)}::int[]) AS id`
      : sql`SELECT s.id FROM (${await filterRows(db, caller, target, selection.filter, timeZone)}) s`;
  return target === 'kunden' ? customers(picked) : vorgaenge(picked);
}

/**
 * Whether Vorgang `v` is within the caller's reach in a bulk action, as SQL: the rule of `inScope` (their own;
 * a lead's branches), so a preview never shows a customer's address or mail the job would refuse.
 */
async function vorgangInReach(db: Database, caller: Caller) {
  const me = await callerUserId(db, caller);
  const branches = isLead(caller) ? await ledBranchIds(db, caller) : [];
  // A Vorgang without seller or branch is out of reach (null compares as unknown: false here).
  return sql`coalesce(v.seller_user_id = ${me ?? 0} OR v.branch_id = ANY(${branches}::int[]), false)`;
}
