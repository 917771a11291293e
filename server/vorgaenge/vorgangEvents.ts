import type {
  VorgangEventDetails,
  VorgangEventKind,
  VorgangEventVia,
} from '../../src/resources/vorgaenge/vorgangEvents.rules';
import type { Executor } from '../platform/entities/entityRepository';
import { staleEdit, type ApiError } from '../platform/http/apiError';
import { whoMadeVersion } from './vorgangEventQueries';

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
  await trx
    .insertInto('vorgang_event')
    .values({
      vorgang_id: event.vorgangId,
      kind: event.kind,
      version: event.version,
      via: event.via ?? 'page',
      details: JSON.stringify(event.details),
      changed_by: event.changedBy,
    })
    .execute();
}

/** The name of a custom status (null: none), as the history keeps it. */
export async function customStatusName(trx: Executor, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row = await trx.selectFrom('custom_status').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? null;
}

/** The name of a label, as the history keeps it. */
export async function labelName(trx: Executor, id: number): Promise<string> {
  const row = await trx.selectFrom('label').select('name').where('id', '=', id).executeTakeFirst();
  return row?.name ?? '';
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
  const made = await whoMadeVersion(trx, id, row.version);
  const by = made?.by ?? row.updatedBy;
  if (made?.moved) return staleEdit(by, { subject: 'Der Vorgang', retry: '', did: 'verschoben' });
  return staleEdit(by, { subject: 'Der Vorgang' });
}
