import type { AutomationOptions } from '../../src/resources/automation/automation.endpoints';
import { ACTIVITY_TYPES } from '../../src/resources/activities/activityTypes';
import { SURVEY_LINK_PLACEHOLDER } from '../../src/resources/nps/survey.endpoints';
import type { Database } from '../platform/db/database';
import type { AutomationAccess } from './automationAccess';

/** What the form offers: the caller's branches, active statuses, Vorgang labels, users and templates. */
export async function automationOptions(db: Database, access: AutomationAccess): Promise<AutomationOptions> {
  const activeBranches = db.selectFrom('branch').select(['id', 'name']).where('active', '=', true);
  const branches = await (
    access.all ? activeBranches : activeBranches.where('id', '=', (eb) => eb.fn.any(eb.val(access.branchIds)))
  )
    .orderBy('name')
    .execute();
  const templates = await db
    .selectFrom('text_template')
    .select(['id', 'name', 'purpose', 'body'])
    .where('active', '=', true)
    .orderBy('name')
    .execute();
  return {
    branches,
    allBranches: access.all,
    customStatuses: await db
      .selectFrom('custom_status')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),
    labels: await db
      .selectFrom('label')
      .select(['id', 'name'])
      .where('active', '=', true)
      .where('for_vorgang', '=', true)
      .orderBy('name')
      .execute(),
    users: await db
      .selectFrom('app_user')
      .select(['id', 'name'])
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
    templates: templates.map(({ body, ...template }) => ({
      ...template,
      survey: body.includes(SURVEY_LINK_PLACEHOLDER),
    })),
    activityTypes: ACTIVITY_TYPES.map((type) => ({ id: String(type.id), name: type.name })),
  };
}
