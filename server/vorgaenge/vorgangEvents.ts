import { sql } from 'kysely';
import type {
  VorgangEventDetails,
  VorgangEventKind,
  VorgangEventVia,
} from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Executor } from '../platform/entities/entityRepository';
import { staleEdit, type ApiError } from '../platform/http/apiError';

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

/**
 * The 409 of a stale version, naming who: "verschoben" when the newest version came from a move on the
 * board, otherwise "geändert". What made that version is looked up, not
 * guessed: the Vorgang's history row for it (vorgang_event, migration 0033) says whether it was a board move or a
 * change on the page (an Eigener Status set on the page writes a kanban_event too, for the live board, but is no
 * move the person made on a card); without one, a kanban_event at that version is a move within a column.
 */
export async function staleVorgang(
  trx: Executor,
  id: number,
  row: { version: number; updatedBy: string | null },
): Promise<ApiError> {
  const { rows } = await sql<{ moved: boolean; by: string | null }>`
    SELECT * FROM (
      SELECT via = 'board' AS moved, changed_by AS by, 1 AS rank, id FROM vorgang_event
      WHERE vorgang_id = ${id} AND version = ${row.version}
      UNION ALL
      SELECT true, moved_by, 2, id FROM kanban_event WHERE vorgang_id = ${id} AND version = ${row.version}
    ) made ORDER BY rank, id DESC LIMIT 1`.execute(trx);
  const by = rows[0]?.by ?? row.updatedBy;
  if (rows[0]?.moved) return staleEdit(by, { subject: 'Der Vorgang', retry: '', did: 'verschoben' });
  return staleEdit(by, { subject: 'Der Vorgang' });
}
