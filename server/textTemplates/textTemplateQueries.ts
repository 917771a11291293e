import { sql } from 'kysely';
import type { MailPurpose } from '../../src/resources/consent/consent.rules';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';

/** Whether the caller may use template `t`: it is for all, for one of their groups, or for them. */
const usableBy = (caller: Caller) => sql`(
      t.visibility = 'alle'
      OR (t.visibility = 'gruppen' AND EXISTS (
            SELECT 1 FROM text_template_group g WHERE g.template_id = t.id AND g.group_name = ANY(${[...caller.groups]})))
      OR (t.visibility = 'benutzer' AND EXISTS (
            SELECT 1 FROM text_template_user u JOIN app_user a ON a.id = u.user_id
            WHERE u.template_id = t.id AND a.azure_oid = ${caller.oid})))`;

/** Active templates the caller may use: for all, for one of their groups, or for them, by name. */
export async function templatesFor(db: Database, caller: Caller) {
  const rows = await sql<{ id: number; name: string; subject: string; body: string; purpose: MailPurpose }>`
    SELECT t.id, t.name, t.subject, t.body, t.purpose FROM text_template t
    WHERE t.active AND ${usableBy(caller)}
    ORDER BY lower(t.name)`.execute(db);
  return rows.rows;
}

/**
 * One template with its purpose, whether it is active and whether the caller may use it; undefined: there is
 * none.
 */
export async function templateFor(db: Database, caller: Caller, templateId: number) {
  const { rows } = await sql<{
    name: string;
    subject: string;
    body: string;
    purpose: MailPurpose;
    active: boolean;
    usable: boolean;
  }>`
    SELECT t.name, t.subject, t.body, t.purpose, t.active, ${usableBy(caller)} AS usable
    FROM text_template t WHERE t.id = ${templateId}`.execute(db);
  return rows[0];
}

/** The customer a preview shows: the most recently active one matching `query` (lower case), or null. */
export async function previewCustomer(db: Database, query: string) {
  // The same trigram-indexed search text the customer list searches.
  const found = await sql<{ id: number; name: string; number: string | null }>`
    SELECT id, coalesce(company_name, concat_ws(' ', first_name, last_name)) AS name, customer_number AS number
    FROM customer
    WHERE ${query} = '' OR search_text LIKE ${`%${query.replace(/[\\%_]/g, '\\$&')}%`}
    ORDER BY last_activity_at DESC NULLS LAST, id
    LIMIT 1`.execute(db);
  return found.rows[0] ?? null;
}
