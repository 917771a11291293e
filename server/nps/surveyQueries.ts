import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { SURVEY_VALID_DAYS } from './surveyToken';

/** Keeps a sent survey by the hash of its token; returns the day its link expires (company zone). */
export async function recordSurvey(
  db: Executor,
  survey: { tokenHash: string; customerId: number; vorgangId: number | null; mailId: number },
  caller: Caller,
  zone: string,
): Promise<string> {
  const { rows } = await sql<{ expiresOn: string }>`
    INSERT INTO nps_survey (token_hash, customer_id, vorgang_id, sent_mail_id, sent_by, expires_at)
    VALUES (${survey.tokenHash}, ${survey.customerId}, ${survey.vorgangId}, ${survey.mailId}, ${caller.name},
            now() + make_interval(days => ${SURVEY_VALID_DAYS}))
    RETURNING (expires_at AT TIME ZONE ${zone})::date AS "expiresOn"`.execute(db);
  return rows[0]!.expiresOn;
}

/** The open survey of a token hash (unused, not expired) with how its customer is addressed, or undefined. */
export async function openSurvey(db: Executor, tokenHash: string, lock = false) {
  const { rows } = await sql<{
    id: number;
    customerId: number;
    vorgangId: number | null;
    salutation: string | null;
    title: string | null;
    lastName: string | null;
  }>`
    SELECT s.id, s.customer_id AS "customerId", s.vorgang_id AS "vorgangId", c.salutation, c.title,
      c.last_name AS "lastName"
    FROM nps_survey s JOIN customer c ON c.id = s.customer_id
    WHERE s.token_hash = ${tokenHash} AND s.used_at IS NULL AND s.expires_at > now()
    ${lock ? sql`FOR UPDATE OF s` : sql``}`.execute(db);
  return rows[0];
}

/** Our company's name and whether surveys are switched on (Einstellungen). */
export async function surveySettings(db: Database) {
  const settings = await db
    .selectFrom('global_settings')
    .select(['company_name as company', 'nps_enabled as enabled'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return settings ?? { company: null, enabled: true };
}
