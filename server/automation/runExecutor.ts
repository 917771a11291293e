import type { FastifyBaseLogger } from 'fastify';
import { companyToday } from '../../src/config/companyTime';
import type { Database } from '../platform/db/database';
import { ApiError } from '../platform/http/apiError';
import type { JobQueue } from '../platform/jobs/jobQueue';
import { notify } from '../notifications';
import { planStep } from './actions/planStep';
import { automationCaller } from './automationActor';
import { runVersion } from './automationQueries';
import { advanceStep, finishRun, retryOrFail, type ClaimedRun } from './runQueue';
import {
  failedRunAutomation,
  markRunOrigin,
  recordFailedStep,
  recordStep,
  rollbackToStepSavepoint,
  stepSavepoint,
  stillMatches,
} from './runExecutorQueries';
import { loadSubject } from './runSubject';
import { offerFollowUpStop } from './offerCadenceQueries';

/** What a run needs of its instance. */
export interface RunDeps {
  db: Database;
  zone: string;
  jobs: JobQueue;
  publicUrl: string;
  log: FastifyBaseLogger;
  /** The clock (tests move it). */
  now?: () => Date;
}

/** The claim went to another instance (the library handed the job over meanwhile): stop without writing. */
class ClaimLost extends Error {}

/** The online offer's follow-up ended while the step was planned: the run ends without the step's writes. */
class FollowUpEnded extends Error {}

/** A refusal by the rules of the single edit (4xx but a stale version): the step is skipped, not retried. */
const refusalOf = (error: unknown): string | null =>
  error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500 && error.statusCode !== 409
    ? error.message
    : null;

/**
 * Works one claimed run from its current step to the end, on the version it was made with: each action is
 * planned (planStep, as Simulieren plans it), its outside call made, then its writes, its log line and the
 * run's next step committed together in one transaction marked as the run's origin. A failure leaves the run
 * on the failed step and throws, for the library's retry with backoff (runQueue.ts); on the last try it is
 * failed and the automation's owner told.
 */
export async function executeRun(deps: RunDeps, run: ClaimedRun, lastTry: boolean): Promise<void> {
  const { db, zone } = deps;
  let step = run.step;
  try {
    const version = await runVersion(db, run.versionId);
    if (!version) throw new Error('Die Version dieser Automatisierung gibt es nicht mehr.');
    const subject = await loadSubject(db, run.vorgangId, run.customerId, zone);
    if (!subject) {
      await finishRun(db, run, 'uebersprungen', 'Den Datensatz gibt es nicht mehr.');
      return;
    }
    if (step === 0 && !(await stillMatches(db, run, version.definition.conditions, version.branchId))) {
      await finishRun(db, run, 'uebersprungen', 'Die Bedingungen treffen nicht mehr zu.');
      return;
    }
    const automation = { id: version.automationId, name: version.name };
    const context = {
      db,
      zone,
      today: companyToday(zone, deps.now?.() ?? new Date()),
      automation,
      run: { id: run.id, occurrence: run.occurrence },
      subject,
      caller: automationCaller(automation),
      jobs: deps.jobs,
      publicUrl: deps.publicUrl,
    };
    const actions = version.definition.actions;
    for (; step < actions.length; step += 1) {
      const action = actions[step]!;
      // A follow-up step of an online offer acts only while the offer may still be followed up: a step that
      // waited (a retry, a later step) after an acceptance or "Nachfassen beenden" does nothing.
      const stopped = await offerFollowUpStop(db, run.id);
      if (stopped) {
        await finishRun(db, run, 'uebersprungen', `Kein weiteres Nachfassen: ${stopped}`);
        return;
      }
      // Each step sees the record as the steps before it left it.
      context.subject = (await loadSubject(db, run.vorgangId, run.customerId, zone)) ?? subject;
      const plan = await planStep(context, action);
      let detail = plan.detail;
      if (!plan.skipped && plan.send) detail = await plan.send();
      await db.transaction().execute(async (trx) => {
        // Checked again under a lock of the offer link: a stop committed since the check above ends the run
        // (unless the step's outside call went out already: then its line records that it did).
        const sent = !plan.skipped && Boolean(plan.send);
        const stoppedMeanwhile = sent ? null : await offerFollowUpStop(trx, run.id, true);
        if (stoppedMeanwhile) throw new FollowUpEnded(stoppedMeanwhile);
        await markRunOrigin(trx, run.id);
        let applied = plan;
        if (!plan.skipped && plan.apply) {
          await stepSavepoint(trx);
          try {
            await plan.apply(trx);
          } catch (error) {
            const refusal = refusalOf(error);
            if (!refusal) throw error;
            await rollbackToStepSavepoint(trx);
            applied = { ...plan, skipped: true };
            detail = refusal;
          }
        }
        await recordStep(trx, run, step, action.kind, applied, detail);
        if (!(await advanceStep(trx, run, step))) throw new ClaimLost();
      });
    }
    await finishRun(db, run, 'fertig');
  } catch (error) {
    if (error instanceof ClaimLost) return;
    if (error instanceof FollowUpEnded) {
      await finishRun(db, run, 'uebersprungen', `Kein weiteres Nachfassen: ${error.message}`);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, runId: run.id, step }, 'Automatisierung: Schritt fehlgeschlagen');
    const state = await retryOrFail(db, run, message, lastTry);
    if (state === 'fehler') await reportFailure(db, run, step, message);
    if (state !== null) throw error;
  }
}

/** A run given up: its failed step in the log, and its automation's owner told in the app. */
async function reportFailure(db: Database, run: ClaimedRun, step: number, message: string) {
  await db.transaction().execute(async (trx) => {
    const automation = await failedRunAutomation(trx, run, step);
    if (!automation) return;
    await recordFailedStep(trx, run, step, automation.action ?? 'unbekannt', message);
    const owner = await trx
      .selectFrom('app_user')
      .select('id')
      .where('azure_oid', '=', automation.ownerOid)
      .executeTakeFirst();
    if (!owner) return;
    await notify(trx, [
      {
        userId: owner.id,
        kind: 'automatisierung',
        title: `Automatisierung „${automation.name}“: Lauf fehlgeschlagen`,
        body: message,
        link: `/crm/admin/automatisierung/${run.automationId}`,
        vorgangId: run.vorgangId,
        customerId: run.customerId,
      },
    ]);
  });
}
