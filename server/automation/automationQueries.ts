import { sql } from 'kysely';
import type {
  AutomationState,
  Definition,
  TriggerKind,
} from '../../src/resources/automation/automationTypes';
import type { Executor } from '../platform/entities/entityRepository';

/** An automation with the definition of its current version: what the matcher, the sweep and the routes use. */
export interface AutomationWithVersion {
  id: number;
  name: string;
  state: AutomationState;
  triggerKind: TriggerKind;
  branchId: number | null;
  ownerOid: string;
  ownerName: string;
  runsPerMinute: number;
  pausedReason: string | null;
  firstActivatedAt: Date | null;
  recipeKey: string | null;
  version: number;
  versionId: number;
  versionNumber: number;
  definition: Definition;
  createdAt: Date;
  updatedAt: Date;
  updatedBy: string | null;
}

export const AUTOMATION_COLUMNS = sql`
  a.id, a.name, a.state, a.trigger_kind AS "triggerKind", a.branch_id AS "branchId", a.owner_oid AS "ownerOid",
  a.owner_name AS "ownerName", a.runs_per_minute AS "runsPerMinute", a.paused_reason AS "pausedReason",
  a.first_activated_at AS "firstActivatedAt", a.recipe_key AS "recipeKey", a.version,
  v.id AS "versionId", v.number AS "versionNumber", v.definition, a.created_at AS "createdAt",
  a.updated_at AS "updatedAt", a.updated_by AS "updatedBy"`;

/** The active automations listening for one of `kinds`, with their current versions. */
export async function activeAutomations(
  db: Executor,
  kinds: readonly TriggerKind[],
): Promise<AutomationWithVersion[]> {
  if (kinds.length === 0) return [];
  const { rows } = await sql<AutomationWithVersion>`
    SELECT ${AUTOMATION_COLUMNS}
    FROM automation a JOIN automation_version v ON v.id = a.current_version_id
    WHERE a.state = 'aktiv' AND a.trigger_kind = ANY (${kinds}::text[])
    ORDER BY a.id`.execute(db);
  return rows;
}

/** One automation with its current version; undefined when there is none with that id. */
export async function automationById(db: Executor, id: number): Promise<AutomationWithVersion | undefined> {
  const { rows } = await sql<AutomationWithVersion>`
    SELECT ${AUTOMATION_COLUMNS}
    FROM automation a JOIN automation_version v ON v.id = a.current_version_id
    WHERE a.id = ${id}`.execute(db);
  return rows[0];
}

/** The version a run was made with (a run finishes on its own version, whatever was saved since). */
export async function runVersion(
  db: Executor,
  versionId: number,
): Promise<
  { automationId: number; name: string; branchId: number | null; definition: Definition } | undefined
> {
  const { rows } = await sql<{
    automationId: number;
    name: string;
    branchId: number | null;
    definition: Definition;
  }>`
    SELECT a.id AS "automationId", a.name, a.branch_id AS "branchId", v.definition
    FROM automation_version v JOIN automation a ON a.id = v.automation_id
    WHERE v.id = ${versionId}`.execute(db);
  return rows[0];
}
