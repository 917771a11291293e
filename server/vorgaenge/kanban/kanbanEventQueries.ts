import { sql, type RawBuilder, type Selectable } from 'kysely';
import { withRecordInsert } from '../../platform/changes/recordChange';
import type { KanbanMoveEvent } from '../../../src/resources/vorgaenge/kanban/kanbanTypes';
import type { Database } from '../../platform/db/database';
import type { DB } from '../../platform/db/schema';
import type { Executor } from '../../platform/entities/entityRepository';
import { BOARD_MEMBER } from './kanbanFilterQueries';

/** The channel every move notifies at commit; each server instance LISTENs on it. */
export const KANBAN_CHANNEL = 'kanban_event';

// What the table keeps for reconnecting streams: a day of moves, at most this many rows.
const KEEP_ROWS = 10_000;
const KEEP_DAYS = 1;
// Pruning runs with every this-many-th move (in its transaction), so no timer or job is needed.
const PRUNE_EVERY = 100;

/** A board move as the move's transaction knows it, before it becomes an event. */
export interface MoveFacts {
  vorgangId: number;
  version: number;
  fromStatusId: number | null;
  customStatusId: number | null;
  boardPosition: number;
  movedBy: string;
}

type StoredEvent = Omit<KanbanMoveEvent, 'eventId'>;

const eventOf = (id: number | string, payload: StoredEvent): KanbanMoveEvent => ({
  ...payload,
  eventId: String(id),
});

/**
 * Writes the move's event and notifies every instance, inside the move's transaction: the notification is
 * delivered at commit (never for a move that rolls back), and ids grow in commit order because every move
 * holds the board lock until it commits. `record` (the move's Änderungsverlauf INSERT) goes with the event's
 * INSERT, one statement.
 */
export async function recordMoveEvent(
  trx: Executor,
  move: MoveFacts,
  record: RawBuilder<unknown> | null = null,
): Promise<KanbanMoveEvent> {
  // The card it now stands before, among the cards the board shows (a lost Vorgang keeps a place but no card).
  const { rows: next } = await sql<Pick<Selectable<DB['vorgang']>, 'id'>>`
    SELECT v.id FROM vorgang v
    WHERE coalesce(v.custom_status_id, 0) = ${move.customStatusId ?? 0} AND ${BOARD_MEMBER}
      AND (v.board_position, v.id) > (${move.boardPosition}, ${move.vorgangId})
    ORDER BY coalesce(v.custom_status_id, 0), v.board_position, v.id LIMIT 1`.execute(trx);
  const payload: StoredEvent = {
    type: 'moved',
    vorgangId: move.vorgangId,
    version: move.version,
    fromStatusId: move.fromStatusId,
    customStatusId: move.customStatusId,
    beforeVorgangId: next[0]?.id ?? null,
    boardPosition: move.boardPosition,
    movedBy: move.movedBy,
    at: new Date().toISOString(),
  };
  const { rows } = await withRecordInsert(
    record,
    sql<
      Pick<Selectable<DB['kanban_event']>, 'id'>
    >`INSERT INTO kanban_event (vorgang_id, version, moved_by, payload)
      VALUES (${move.vorgangId}, ${move.version}, ${move.movedBy}, ${JSON.stringify(payload)}::jsonb)
      RETURNING id`,
  ).execute(trx);
  const id = rows[0]!.id;
  await sql`SELECT pg_notify(${KANBAN_CHANNEL}, ${String(id)})`.execute(trx);
  if (id % PRUNE_EVERY === 0) await pruneEvents(trx, id);
  return eventOf(id, payload);
}

/** Deletes events older than a day or beyond the newest 10,000, and moves the horizon past them. */
async function pruneEvents(trx: Executor, newestId: number) {
  await sql`
    WITH gone AS (
      DELETE FROM kanban_event
      WHERE id <= ${newestId - KEEP_ROWS} OR created_at < now() - make_interval(days => ${KEEP_DAYS})
      RETURNING id
    )
    UPDATE kanban_event_horizon SET pruned_through = greatest(pruned_through, (SELECT max(id) FROM gone))
    WHERE EXISTS (SELECT 1 FROM gone)`.execute(trx);
}

/** The newest event id (or the pruned horizon when none is kept): a stream resumes after it. */
export async function newestEventId(db: Database | Executor): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    SELECT greatest((SELECT max(id) FROM kanban_event),
                    (SELECT pruned_through FROM kanban_event_horizon), 0)::bigint AS id`.execute(db);
  return rows[0]!.id;
}

/**
 * What follows `afterId`: `reload` when some of those events were pruned or the id is newer than any (another
 * database); else up to `limit` events, oldest first, and whether more follow.
 */
export type Replay = { reload: true } | { reload: false; events: KanbanMoveEvent[]; more: boolean };

/** The events after `afterId` (a stream's Last-Event-ID, or how far an instance has fanned out). */
export async function eventsAfter(db: Database, afterId: number, limit: number): Promise<Replay> {
  const { rows } = await sql<{ id: number | null; payload: StoredEvent; horizon: number; newest: number }>`
    SELECT e.id, e.payload, h.pruned_through AS horizon, n.newest
    FROM kanban_event_horizon h
    CROSS JOIN (SELECT coalesce(max(id), 0) AS newest FROM kanban_event) n
    LEFT JOIN LATERAL (
      SELECT id, payload FROM kanban_event WHERE id > ${afterId} ORDER BY id LIMIT ${limit + 1}
    ) e ON true
    ORDER BY e.id`.execute(db);
  const first = rows[0]!;
  if (afterId < first.horizon || afterId > Math.max(first.horizon, first.newest)) return { reload: true };
  const kept = rows.filter((row) => row.id !== null);
  return {
    reload: false,
    events: kept.slice(0, limit).map((row) => eventOf(row.id!, row.payload)),
    more: kept.length > limit,
  };
}
