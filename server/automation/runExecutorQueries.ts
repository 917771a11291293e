import { sql } from 'kysely';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import type { StepPlan } from './actions/stepPlan';
import { conditionsSql } from './conditionQueries';
import type { ClaimedRun } from './runQueue';

/** Whether the record still meets the automation's conditions (a run that waited days checks again). */
export async function stillMatches(
  db: Database,
  run: ClaimedRun,
  conditions: Parameters<typeof conditionsSql>[0],
  branchId: number | null,
): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM customer c LEFT JOIN vorgang v ON v.id = ${run.vorgangId}::int
      WHERE c.id = coalesce(v.customer_id, ${run.customerId}::int) AND ${conditionsSql(conditions, branchId)}
    ) AS ok`.execute(db);
  return rows[0]?.ok ?? false;
}

/** The step's line in the run's log (a retry's line replaces the failed one). */
export async function recordStep(
  trx: Database,
  run: ClaimedRun,
  step: number,
  action: string,
  plan: StepPlan,
  detail: string | null,
) {
  await trx
    .insertInto('automation_run_step')
    .values({
      run_id: run.id,
      step,
      action,
      state: plan.skipped ? 'uebersprungen' : 'fertig',
      summary: plan.summary,
      detail,
    })
    .onConflict((oc) =>
      oc.columns(['run_id', 'step']).doUpdateSet((eb) => ({
        state: eb.ref('excluded.state'),
        summary: eb.ref('excluded.summary'),
        detail: eb.ref('excluded.detail'),
        error: null,
        at: eb.fn<Date>('now'),
      })),
    )
    .execute();
}

/**
 * Marks the transaction as the run's: every record event the database writes in it (a new Eigener Status, …)
 * carries the run as its origin, so the run's own writes do not start its own chain again (the loop guard).
 */
export async function markRunOrigin(trx: Executor, runId: number): Promise<void> {
  await sql`SELECT set_config('fenster.automation_run', ${String(runId)}, true)`.execute(trx);
}

/** Where a step's writes can be undone alone (a refused step is skipped, the run's log line still kept). */
export async function stepSavepoint(trx: Database): Promise<void> {
  await sql`SAVEPOINT automation_step`.execute(trx);
}

/** Undoes the step's writes since stepSavepoint. */
export async function rollbackToStepSavepoint(trx: Database): Promise<void> {
  await sql`ROLLBACK TO SAVEPOINT automation_step`.execute(trx);
}

/** The failed run's automation: its name, owner and the kind of the step that failed. */
export async function failedRunAutomation(
  trx: Database,
  run: ClaimedRun,
  step: number,
): Promise<{ name: string; ownerOid: string; action: string | null } | undefined> {
  const { rows } = await sql<{ name: string; ownerOid: string; action: string | null }>`
    SELECT a.name, a.owner_oid AS "ownerOid", v.definition->'actions'->${step}::int->>'kind' AS action
    FROM automation a JOIN automation_version v ON v.id = ${run.versionId}
    WHERE a.id = ${run.automationId}`.execute(trx);
  return rows[0];
}

/** The failed step's line in the run's log, with the error. */
export async function recordFailedStep(
  trx: Database,
  run: ClaimedRun,
  step: number,
  action: string,
  message: string,
): Promise<void> {
  await trx
    .insertInto('automation_run_step')
    .values({ run_id: run.id, step, action, state: 'fehler', summary: 'Fehlgeschlagen', error: message })
    .onConflict((oc) =>
      oc.columns(['run_id', 'step']).doUpdateSet((eb) => ({
        state: 'fehler',
        error: eb.ref('excluded.error'),
        at: eb.fn<Date>('now'),
      })),
    )
    .execute();
}
