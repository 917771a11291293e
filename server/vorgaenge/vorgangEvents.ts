import { sql } from 'kysely';
import type {
  VorgangEventDetails,
  VorgangEventKind,
  VorgangEventVia,
} from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Executor } from '../platform/entities/entityRepository';

/** One change of a Vorgang for its history, written in the change's own transaction. */
export interface VorgangEvent {
  vorgangId: number;
  kind: VorgangEventKind;
  /** The Vorgang's version after the change; null for a change that counts no version (files). */
  version: number | null;
  via?: VorgangEventVia;
  details: VorgangEventDetails;
  changedBy: string;
}

/** Records a change in vorgang_event (migration 0033); call it inside the transaction that makes the change. */
export async function recordVorgangEvent(trx: Executor, event: VorgangEvent): Promise<void> {
  await sql`
    INSERT INTO vorgang_event (vorgang_id, kind, version, via, details, changed_by)
    VALUES (${event.vorgangId}, ${event.kind}, ${event.version}, ${event.via ?? 'page'},
            ${JSON.stringify(event.details)}::jsonb, ${event.changedBy})`.execute(trx);
}

/** The name of a custom status (null: none), as the history keeps it. */
export async function customStatusName(trx: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const { rows } = await sql<{ name: string }>`SELECT name FROM custom_status WHERE id = ${id}`.execute(trx);
  return rows[0]?.name ?? null;
}

/** The name of a label, as the history keeps it. */
export async function labelName(trx: Executor, id: number): Promise<string> {
  const { rows } = await sql<{ name: string }>`SELECT name FROM label WHERE id = ${id}`.execute(trx);
  return rows[0]?.name ?? '';
}
