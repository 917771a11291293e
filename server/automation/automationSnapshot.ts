import type { Snapshot } from '../platform/changes/recordChange';
import type { Executor } from '../platform/entities/entityRepository';
import { automationById } from './automationQueries';
import { actionsText, conditionsText, loadNames, triggerText } from './describeAutomation';

/** The Änderungsverlauf's area of an automation (labels in src/resources/changeHistory/changeAreas.rules.ts). */
export const AUTOMATION_AREA = 'automatisierung';

/**
 * An automation as the Änderungsverlauf compares it: its settings, and its current version's trigger,
 * conditions and actions in words (what an admin recognises; the version itself stays in automation_version).
 */
export async function automationSnapshot(db: Executor, id: number): Promise<Snapshot | null> {
  const automation = await automationById(db, id);
  if (!automation) return null;
  const names = await loadNames(db);
  return {
    name: automation.name,
    state: automation.state,
    branchId: automation.branchId,
    runsPerMinute: automation.runsPerMinute,
    pausedReason: automation.pausedReason,
    versionNumber: automation.versionNumber,
    trigger: triggerText(automation.definition, names),
    conditions: conditionsText(automation.definition, names),
    actions: actionsText(automation.definition),
  };
}
