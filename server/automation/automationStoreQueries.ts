import { sql } from 'kysely';
import type {
  AutomationDetail,
  AutomationInput,
  AutomationSummary,
} from '../../src/resources/automation/automation.endpoints';
import type { AutomationState, Definition } from '../../src/resources/automation/automationTypes';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import { inTransaction } from '../platform/db/inTransaction';
import { recordChange, withChangeRecord } from '../platform/changes/recordChange';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { conflict, notFound } from '../platform/http/apiError';
import { automationById, type AutomationWithVersion } from './automationQueries';
import { checkAutomationReach, type AutomationAccess } from './automationAccess';
import { checkInput } from './automationInputQueries';
import { actionsText, loadNames, triggerText } from './describeAutomation';
import { AUTOMATION_AREA, automationSnapshot } from './automationSnapshot';
import { requeueParkedRuns, runJob } from './runQueue';

const detailOf = (automation: AutomationWithVersion): AutomationDetail => ({
  id: automation.id,
  name: automation.name,
  state: automation.state,
  branchId: automation.branchId,
  runsPerMinute: automation.runsPerMinute,
  pausedReason: automation.pausedReason,
  ownerName: automation.ownerName,
  firstActivatedAt: automation.firstActivatedAt?.toISOString() ?? null,
  recipeKey: automation.recipeKey,
  version: automation.version,
  versionNumber: automation.versionNumber,
  definition: automation.definition,
  updatedAt: automation.updatedAt.toISOString(),
  updatedBy: automation.updatedBy,
});

/** The automations the caller reaches, with their runs of the last 30 days counted. */
export async function listAutomations(db: Database, access: AutomationAccess): Promise<AutomationSummary[]> {
  const { rows } = await sql<
    AutomationWithVersion & {
      branchName: string | null;
      waiting: number;
      done: number;
      failed: number;
      lastRunAt: Date | null;
    }
  >`
    SELECT a.id, a.name, a.state, a.branch_id AS "branchId", br.name AS "branchName", a.paused_reason AS "pausedReason",
      v.number AS "versionNumber", v.definition, a.updated_at AS "updatedAt", a.updated_by AS "updatedBy",
      (SELECT count(*)::int FROM automation_run r WHERE r.automation_id = a.id AND r.state IN ('wartend', 'laeuft')) AS waiting,
      (SELECT count(*)::int FROM automation_run r WHERE r.automation_id = a.id AND r.state = 'fertig'
         AND r.created_at > now() - interval '30 days') AS done,
      (SELECT count(*)::int FROM automation_run r WHERE r.automation_id = a.id AND r.state = 'fehler'
         AND r.created_at > now() - interval '30 days') AS failed,
      (SELECT max(r.started_at) FROM automation_run r WHERE r.automation_id = a.id) AS "lastRunAt"
    FROM automation a JOIN automation_version v ON v.id = a.current_version_id
    LEFT JOIN branch br ON br.id = a.branch_id
    WHERE ${access.all ? sql`true` : sql`a.branch_id = ANY (${access.branchIds}::int[])`}
    ORDER BY a.name, a.id`.execute(db);
  const names = await loadNames(db);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    state: row.state,
    triggerText: triggerText(row.definition, names),
    actionsText: actionsText(row.definition),
    branchId: row.branchId,
    branchName: row.branchName,
    versionNumber: row.versionNumber,
    pausedReason: row.pausedReason,
    runsWaiting: row.waiting,
    runsDone: row.done,
    runsFailed: row.failed,
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy,
  }));
}

/** One automation the caller reaches (404 unknown, 403 another branch's). */
export async function readAutomation(db: Database, access: AutomationAccess, id: number) {
  const automation = await automationById(db, id);
  if (!automation) throw notFound('Diese Automatisierung gibt es nicht (mehr).');
  checkAutomationReach(access, automation.branchId);
  return automation;
}

export async function automationDetail(db: Database, access: AutomationAccess, id: number) {
  return detailOf(await readAutomation(db, access, id));
}

async function addVersion(
  trx: Database,
  automationId: number,
  number: number,
  definition: Definition,
  caller: Caller,
) {
  const { id } = await trx
    .insertInto('automation_version')
    .values({
      automation_id: automationId,
      number,
      definition: JSON.stringify(definition),
      created_by: caller.name,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A new automation as a draft with its first version; the caller becomes its owner. */
export async function createAutomation(
  db: Database,
  caller: Caller,
  access: AutomationAccess,
  input: AutomationInput,
  recipeKey: string | null = null,
): Promise<AutomationDetail> {
  await checkInput(db, access, input);
  const id = await inTransaction(db, async (trx) => {
    const { id: automationId } = await trx
      .insertInto('automation')
      .values({
        name: input.name.trim(),
        trigger_kind: input.definition.trigger.kind,
        branch_id: input.branchId,
        owner_oid: caller.oid,
        owner_name: caller.name,
        runs_per_minute: input.runsPerMinute,
        recipe_key: recipeKey,
        updated_by: caller.name,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const versionId = await addVersion(trx, automationId, 1, input.definition, caller);
    await trx
      .updateTable('automation')
      .set({ current_version_id: versionId })
      .where('id', '=', automationId)
      .execute();
    await recordChange(trx, {
      actor: caller,
      area: AUTOMATION_AREA,
      recordId: automationId,
      before: null,
      after: await automationSnapshot(trx, automationId),
    });
    return automationId;
  });
  return detailOf((await automationById(db, id))!);
}

/** Locks the automation at the version the caller saw (409 naming who changed it since). */
async function lockAutomation(trx: Database, access: AutomationAccess, id: number, version: number) {
  const row = await trx
    .selectFrom('automation')
    .select(['version', 'branch_id as branchId', 'updated_by as updatedBy'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Diese Automatisierung gibt es nicht (mehr).');
  checkAutomationReach(access, row.branchId);
  if (row.version !== version) {
    throw conflict(
      `Die Automatisierung wurde inzwischen von ${row.updatedBy ?? 'jemand anderem'} geändert. Bitte laden Sie sie neu.`,
    );
  }
}

/**
 * Saves a change: name, branch and rate cap in place; a changed definition is a new version (the runs made so
 * far keep theirs and finish on it). The caller becomes its owner.
 */
export async function updateAutomation(
  db: Database,
  caller: Caller,
  access: AutomationAccess,
  id: number,
  input: AutomationInput & { version: number },
): Promise<AutomationDetail> {
  await checkInput(db, access, input);
  await inTransaction(db, async (trx) => {
    await lockAutomation(trx, access, id, input.version);
    await withChangeRecord(trx, changeOf(caller, id), () => saveChange(trx, caller, id, input));
  });
  return detailOf((await automationById(db, id))!);
}

/** Who changes which automation, for the Änderungsverlauf. */
const changeOf = (caller: Caller, id: number) => ({
  actor: caller,
  area: AUTOMATION_AREA,
  recordId: id,
  read: (trx: Database) => automationSnapshot(trx, id),
});

/** Name, branch and rate cap in place; a new version only when the definition changed. */
async function saveChange(trx: Database, caller: Caller, id: number, input: AutomationInput) {
  const current = (await automationById(trx, id))!;
  let versionId = current.versionId;
  if (JSON.stringify(current.definition) !== JSON.stringify(input.definition)) {
    versionId = await addVersion(trx, id, current.versionNumber + 1, input.definition, caller);
  }
  await trx
    .updateTable('automation')
    .set((eb) => ({
      name: input.name.trim(),
      branch_id: input.branchId,
      runs_per_minute: input.runsPerMinute,
      trigger_kind: input.definition.trigger.kind,
      current_version_id: versionId,
      owner_oid: caller.oid,
      owner_name: caller.name,
      updated_at: eb.fn<Date>('now'),
      updated_by: caller.name,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Activates (the caller becomes its owner; time triggers count from the first activation on; the runs a pause
 * parked get their jobs again) or pauses it. Paused, it makes no new runs and starts none of its waiting ones.
 */
export async function setAutomationState(
  db: Database,
  jobs: JobQueue,
  caller: Caller,
  access: AutomationAccess,
  id: number,
  state: Exclude<AutomationState, 'entwurf'>,
  version: number,
  now: Date = new Date(),
): Promise<AutomationDetail> {
  const requeued = await inTransaction(db, async (trx) => {
    await lockAutomation(trx, access, id, version);
    await withChangeRecord(trx, changeOf(caller, id), () =>
      trx
        .updateTable('automation')
        .set((eb) => ({
          state,
          paused_reason: null,
          updated_at: eb.fn<Date>('now'),
          updated_by: caller.name,
          version: eb('version', '+', 1),
          ...(state === 'aktiv' && {
            owner_oid: caller.oid,
            owner_name: caller.name,
            first_activated_at: eb.fn.coalesce('first_activated_at', eb.val(now)),
          }),
        }))
        .where('id', '=', id)
        .execute(),
    );
    return state === 'aktiv' ? requeueParkedRuns(trx, jobs, id) : 0;
  });
  if (requeued > 0) jobs.wake(runJob);
  return detailOf((await automationById(db, id))!);
}
