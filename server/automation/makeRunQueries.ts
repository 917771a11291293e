import { sql, type RawBuilder } from 'kysely';
import type { EventTriggerKind } from '../../src/resources/automation/automationTypes';
import type { Database } from '../platform/db/database';

/** Inserts the runs a trigger's SELECT names; a run that exists (same dedupe key) is not made again. */
export async function insertRunsOf(
  trx: Database,
  select: RawBuilder<unknown>,
): Promise<{ id: number; jobId: string; dueAt: Date }[]> {
  const { rows } = await sql<{ id: number; jobId: string; dueAt: Date }>`
    INSERT INTO automation_run (automation_id, version_id, dedupe_key, vorgang_id, customer_id, occurrence, chain,
      origin_run_id, due_at, offer_link_id)
    SELECT automation_id, version_id, dedupe_key, vorgang_id, customer_id, occurrence, chain, origin_run_id, due_at,
      offer_link_id
    FROM (${select}) made
    ON CONFLICT (dedupe_key) DO NOTHING
    RETURNING id, job_id AS "jobId", due_at AS "dueAt"`.execute(trx);
  return rows;
}

/** A batch of record events, locked for this transaction (SKIP LOCKED: instances share the inbox). */
export async function claimEvents(
  trx: Database,
  batch: number,
): Promise<{ id: number; kind: EventTriggerKind }[]> {
  const { rows } = await sql<{ id: number; kind: EventTriggerKind }>`
    SELECT id, kind FROM automation_event ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`.execute(trx);
  return rows;
}

/** The events of `ids` as the relation `e` the triggers' SELECTs read. */
export const eventsOf = (ids: readonly number[]) =>
  sql`(SELECT * FROM automation_event WHERE id = ANY (${ids}::bigint[])) e`;
