import { sql } from 'kysely';
import type { AutomationOptions } from '../../src/resources/automation/automation.endpoints';
import { ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import { SURVEY_LINK_PLACEHOLDER } from '../../src/resources/nps/survey.endpoints';
import type { Database } from '../platform/db/database';
import type { AutomationAccess } from './automationAccess';

/** What the form offers: the caller's branches, active statuses, Vorgang labels, users and templates. */
export async function automationOptions(db: Database, access: AutomationAccess): Promise<AutomationOptions> {
  const list = async (query: ReturnType<typeof sql<{ id: number; name: string }>>) =>
    (await query.execute(db)).rows;
  const branches = await list(sql`
    SELECT id, name FROM branch WHERE active AND ${access.all ? sql`true` : sql`id = ANY (${access.branchIds}::int[])`}
    ORDER BY name`);
  const { rows: templates } = await sql<{ id: number; name: string; purpose: string; body: string }>`
    SELECT id, name, purpose, body FROM text_template WHERE active ORDER BY name`.execute(db);
  return {
    branches,
    allBranches: access.all,
    customStatuses: await list(sql`SELECT id, name FROM custom_status WHERE active ORDER BY sort_order, id`),
    labels: await list(sql`SELECT id, name FROM label WHERE active AND for_vorgang ORDER BY name`),
    users: await list(sql`SELECT id, name FROM app_user WHERE active ORDER BY name`),
    templates: templates.map(({ body, ...template }) => ({
      ...template,
      survey: body.includes(SURVEY_LINK_PLACEHOLDER),
    })),
    activityTypes: ACTIVITY_TYPES.map((type) => ({ id: String(type.id), name: type.name })),
  };
}
