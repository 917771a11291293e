import { sql } from 'kysely';
import type { AutomationInput } from '../../src/resources/automation/automation.endpoints';
import type { Definition } from '../../src/resources/automation/automationTypes';
import { definitionProblems } from '../../src/resources/automation/automation.rules';
import type { Database } from '../platform/db/database';
import { badRequest } from '../platform/http/apiError';
import { checkInputReach, type AutomationAccess } from './automationAccess';

/** A German 400 at the field for what the definition names but the database does not hold (or holds inactive). */
async function checkReferences(db: Database, definition: Definition): Promise<void> {
  const problems: Record<string, string> = { ...definitionProblems(definition) };
  const exists = async (table: string, id: number | null, extra = sql`true`) =>
    id === null ||
    (
      await sql<{
        ok: boolean;
      }>`SELECT EXISTS (SELECT 1 FROM ${sql.table(table)} WHERE id = ${id} AND ${extra}) AS ok`.execute(db)
    ).rows[0]!.ok;
  const { trigger, conditions, actions } = definition;
  if (trigger.kind === 'eigenerStatus') {
    if (!(await exists('custom_status', trigger.fromStatusId)))
      problems['trigger.fromStatusId'] = 'Diesen Status gibt es nicht.';
    if (!(await exists('custom_status', trigger.toStatusId)))
      problems['trigger.toStatusId'] = 'Diesen Status gibt es nicht.';
  }
  for (const id of conditions.customStatusIds) {
    if (!(await exists('custom_status', id)))
      problems['conditions.customStatusIds'] = 'Einen dieser Status gibt es nicht.';
  }
  for (const id of conditions.branchIds) {
    if (!(await exists('branch', id)))
      problems['conditions.branchIds'] = 'Eine dieser Filialen gibt es nicht.';
  }
  for (const [index, action] of actions.entries()) {
    const at = (field: string) => `actions.${index}.${field}`;
    const personOk = async (recipient: { role: string; userId: number | null }) =>
      recipient.role !== 'person' || (await exists('app_user', recipient.userId, sql`active`));
    if (action.kind === 'todo') {
      if (!(await personOk(action.recipient)))
        problems[at('recipient')] = 'Diese Person ist kein aktiver Benutzer.';
      if (
        action.todoKind === 'label' &&
        !(await exists('label', action.labelId, sql`active AND for_vorgang`))
      ) {
        problems[at('labelId')] = 'Dieses Label gibt es nicht oder es ist nicht für Vorgänge aktiv.';
      }
    }
    if (action.kind === 'benachrichtigung') {
      for (const recipient of action.recipients) {
        if (!(await personOk(recipient)))
          problems[at('recipients')] = 'Diese Person ist kein aktiver Benutzer.';
      }
    }
    if (action.kind === 'mail' && !(await exists('text_template', action.templateId, sql`active`))) {
      problems[at('templateId')] = 'Diese Textvorlage gibt es nicht oder sie ist deaktiviert.';
    }
    if (
      action.kind === 'feld' &&
      action.field === 'eigenerStatus' &&
      !(await exists('custom_status', action.valueId, sql`active`))
    ) {
      problems[at('valueId')] = 'Diesen Status gibt es nicht oder er ist deaktiviert.';
    }
    if (
      action.kind === 'feld' &&
      action.field === 'verkaeufer' &&
      !(await exists('app_user', action.valueId, sql`active`))
    ) {
      problems[at('valueId')] = 'Diese Person ist kein aktiver Benutzer.';
    }
  }
  const fields = Object.keys(problems);
  if (fields.length) throw badRequest('Bitte prüfen Sie die markierten Felder.', problems);
}

/** Checks an input (reach, references, rules) as a save and Simulieren need it. */
export async function checkInput(
  db: Database,
  access: AutomationAccess,
  input: Pick<AutomationInput, 'branchId' | 'definition'>,
): Promise<void> {
  checkInputReach(access, input);
  await checkReferences(db, input.definition);
}
