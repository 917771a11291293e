import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Executor } from '../platform/entities/entityRepository';

/** How the Änderungsverlauf, the Vorgang's history and the Postausgang name an automation's writes. */
export const automationActorName = (name: string) => `Automatik (${name})`;

/**
 * The caller an automation's run writes as: no person (no groups, an oid that is no directory id), named
 * "Automatik (Name)". A mail goes out with the Verkäufer's address for replies when `replyAs` names one.
 */
export function automationCaller(automation: { id: number; name: string }, replyAs?: string | null): Caller {
  return {
    oid: replyAs ?? `automatik:${automation.id}`,
    tid: '',
    name: automationActorName(automation.name),
    username: '',
    groups: [],
  };
}

/**
 * Marks the transaction as the run's: every record event the database writes in it (a new Eigener Status, …)
 * carries the run as its origin, so the run's own writes do not start its own chain again (the loop guard).
 */
export async function markRunOrigin(trx: Executor, runId: number): Promise<void> {
  await sql`SELECT set_config('fenster.automation_run', ${String(runId)}, true)`.execute(trx);
}
