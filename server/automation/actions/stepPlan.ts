import type { Caller } from '../../platform/auth/caller';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/jobQueue';
import type { RunSubject } from '../runSubject';

/** What a run knows while it plans a step: the automation, the run, the record, the company's today. */
export interface StepContext {
  db: Database;
  zone: string;
  today: string;
  automation: { id: number; name: string };
  run: { id: number; occurrence: string };
  subject: RunSubject;
  /** The caller the run writes as ("Automatik (Name)"). */
  caller: Caller;
  /** The job library (the Postausgang queues a mail's job with the mail). */
  jobs: JobQueue;
  /** The product's address (survey links). */
  publicUrl: string;
}

/**
 * One action planned for one record: what it will do, said twice (for Simulieren before, for the log after),
 * and how. A real run plans and then applies exactly the plan; Simulieren only plans. A plan without `apply`
 * and `send` is skipped, its `detail` says why.
 */
export interface StepPlan {
  /** "Todo „Angebot nachfassen“ anlegen" (Simulieren). */
  preview: string;
  /** "Todo „Angebot nachfassen“ angelegt" (the run log and the timelines, after "Automatisch: "). */
  summary: string;
  /** For whom, until when, or why not. */
  detail: string | null;
  skipped?: boolean;
  /** The writes, in the run's transaction (marked as the run's origin). */
  apply?: (trx: Database) => Promise<void>;
  /**
   * A call outside (a webhook) before `apply` and the step's record; throws on failure (the run
   * tries this step again later: at least once, never lost). Answers the detail for the log.
   */
  send?: () => Promise<string>;
}

/** A step that does nothing, and why. */
export const skippedStep = (preview: string, summary: string, why: string): StepPlan => ({
  preview,
  summary,
  detail: why,
  skipped: true,
});
