import { sql } from 'kysely';
import type {
  BulkMailPreview,
  BulkSelection,
  BulkTarget,
} from '../../src/resources/bulkActions/bulkActions.endpoints';
import type { Caller } from '../platform/auth/caller';
import { callerUserId, isLead, ledBranchIds } from '../platform/auth/viewerScope';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { personalisedMail } from '../mail/personalisedMail';
import { checkBulkMail } from './bulkMail';
import { filterRows } from './bulkJobQueries';

/** The mails of this many recipients are shown before sending. */
const PREVIEWS = 3;

/**
 * What "Mail senden" would do with this selection, before anything is queued: how many records, how many of
 * their customers have no address, and the mail of the first few recipients, filled by the same code the job
 * queues with. The selection is resolved as the job resolves it (the ticked ids, or the list's filter in SQL).
 */
export async function previewBulkMail(
  db: Database,
  caller: Caller,
  target: BulkTarget,
  templateId: number,
  selection: BulkSelection,
  timeZone: string,
): Promise<BulkMailPreview> {
  // Fällige Labels have no "Mail senden" (their selection names labels, not records to write to).
  if (target === 'faelligeLabels' || 'labels' in selection) {
    const message = 'Mail senden gibt es nur für Kunden und Vorgänge.';
    throw badRequest(message, { target: message });
  }
  const template = await checkBulkMail(db, caller, templateId);
  const picked =
    'rows' in selection
      ? sql`SELECT unnest(${selection.rows.map((row) => row.id)}::int[]) AS id`
      : sql`SELECT s.id FROM (${await filterRows(db, caller, target, selection.filter, timeZone)}) s`;
  const recipients =
    target === 'kunden'
      ? sql`SELECT c.id AS "recordId", c.id AS "customerId", NULL::int AS "vorgangId", c.display_name AS name,
            btrim(c.email) AS email
          FROM (${picked}) p JOIN customer c ON c.id = p.id`
      : sql`SELECT v.id AS "recordId", c.id AS "customerId", v.id AS "vorgangId",
            v.vorgang_number || ' ' || v.title AS name, btrim(c.email) AS email, ${await vorgangInReach(db, caller)} AS reach
          FROM (${picked}) p JOIN vorgang v ON v.id = p.id JOIN customer c ON c.id = v.customer_id`;
  // Shown, and counted as recipients, are only records the caller may reach; the job refuses the rest.
  const inReach = target === 'kunden' ? sql`true` : sql`r.reach`;
  const { rows: counts } = await sql<{ total: number; withoutEmail: number; outOfReach: number }>`
    SELECT count(*)::int AS total,
      count(*) FILTER (WHERE ${inReach} AND coalesce(r.email, '') = '')::int AS "withoutEmail",
      count(*) FILTER (WHERE NOT ${inReach})::int AS "outOfReach"
    FROM (${recipients}) r`.execute(db);
  const { rows: first } = await sql<{
    recordId: number;
    customerId: number;
    vorgangId: number | null;
    name: string | null;
    email: string;
  }>`
    SELECT r.* FROM (${recipients}) r WHERE ${inReach} AND coalesce(r.email, '') <> ''
    ORDER BY r."recordId" LIMIT ${PREVIEWS}`.execute(db);
  const previews = [];
  for (const row of first) {
    const mail = await personalisedMail(db, caller, template, row.customerId, row.vorgangId, timeZone);
    previews.push({ recordId: row.recordId, name: row.name, to: row.email, ...mail });
  }
  return {
    total: counts[0]?.total ?? 0,
    withoutEmail: counts[0]?.withoutEmail ?? 0,
    outOfReach: counts[0]?.outOfReach ?? 0,
    previews,
  };
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
