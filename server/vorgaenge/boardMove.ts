import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordMoveEvent } from './kanban/kanbanEvents';
import { BOARD_MEMBER } from './kanban/kanbanFilter';
import { customStatusName, recordVorgangEvent } from './vorgangEvents';
import { lockVorgang } from './vorgangQueries';
import {
  BOARD_GAP,
  followersToNudge,
  positionBetween,
} from '../../src/resources/vorgaenge/kanban/boardPositions.rules';
import { updateLockedWithRecord } from '../platform/changes/recordInStatement';
import { vorgangSnapshotColumns, vorgangSubject } from './vorgangSnapshot';

/** A move of one card: into the column of `customStatusId` (null: "Ohne Status"), before `beforeVorgangId`. */
export interface BoardMove {
  vorgangId: number;
  customStatusId: number | null;
  version: number;
  /** The card it is placed before; absent or null: the end of the column. */
  beforeVorgangId?: number | null;
  /** Where the move came from: the Kartenansicht (default) or the Eigener Status field of the Vorgang's page. */
  via?: 'board' | 'page';
}

// One lock for every move on the board: two drops into one spot must not pick the same place, and one lock taken
// first keeps two moves from waiting on each other's rows (no deadlock).
const BOARD_LOCK = 15_016;
// How many cards after a full spot are read at a time to find the first free number (one read, nearly always).
const NUDGE_CHUNK = 200;

/** A card's place on the board: its position, and its id for cards at equal positions. */
interface Place {
  position: number;
  id: number;
}

/** Numbers every column's cards BOARD_GAP apart in their current order (after a bulk load such as the demo data). */
export async function renumberBoard(db: Executor) {
  await sql`
    UPDATE vorgang v SET board_position = o.rn * ${BOARD_GAP}
    FROM (SELECT id, row_number() OVER (PARTITION BY coalesce(custom_status_id, 0)
                                        ORDER BY board_position, id)::int AS rn
          FROM vorgang v WHERE ${BOARD_MEMBER}) o
    WHERE v.id = o.id AND v.board_position <> o.rn * ${BOARD_GAP}`.execute(db);
}

/** The column's cards other than the moved one, in board order, after (or before, `backwards`) a place. */
async function cardsBeside(
  trx: Executor,
  column: number | null,
  movedId: number,
  from: { place: Place | null; backwards: boolean; inclusive: boolean; limit: number },
): Promise<Place[]> {
  const { place, backwards } = from;
  const compare = backwards ? sql`<` : from.inclusive ? sql`>=` : sql`>`;
  const order = backwards ? sql`DESC` : sql`ASC`;
  const { rows } = await sql<Place>`
    SELECT v.board_position AS position, v.id FROM vorgang v
    WHERE coalesce(v.custom_status_id, 0) = ${column ?? 0} AND ${BOARD_MEMBER} AND v.id <> ${movedId}
      ${place ? sql`AND (v.board_position, v.id) ${compare} (${place.position}, ${place.id})` : sql``}
    ORDER BY coalesce(v.custom_status_id, 0) ${order}, v.board_position ${order}, v.id ${order}
    LIMIT ${from.limit}`.execute(trx);
  return rows;
}

/**
 * Moves the cards from `next` on up by one, as far as `placed` leaves them no free number (followersToNudge).
 * They are read a chunk at a time until the first one that keeps its place, and written at the end in one
 * statement, so that every read sees the positions as they were.
 */
async function nudgeFollowers(
  trx: Executor,
  column: number | null,
  movedId: number,
  next: Place,
  placed: number,
) {
  const ids: number[] = [];
  const positions: number[] = [];
  let from: Place = next;
  let previous = placed;
  let inclusive = true;
  for (;;) {
    const cards = await cardsBeside(trx, column, movedId, {
      place: from,
      backwards: false,
      inclusive,
      limit: NUDGE_CHUNK,
    });
    const nudged = followersToNudge(
      previous,
      cards.map((card) => card.position),
    );
    ids.push(...cards.slice(0, nudged.length).map((card) => card.id));
    positions.push(...nudged);
    if (nudged.length < cards.length || cards.length < NUDGE_CHUNK) break;
    from = cards[cards.length - 1]!;
    previous = nudged[nudged.length - 1]!;
    inclusive = false;
  }
  if (!ids.length) return;
  await sql`
    UPDATE vorgang v SET board_position = u.position
    FROM unnest(${ids}::int[], ${positions}::int[]) AS u(id, position)
    WHERE v.id = u.id`.execute(trx);
}

/**
 * The position for the moved card in `column`, before `beforeId` (or last): between its neighbours, moving the
 * cards after it up only when the neighbours leave no number between them.
 */
async function placeInColumn(trx: Executor, column: number | null, movedId: number, beforeId: number | null) {
  let next: Place | null = null;
  if (beforeId !== null) {
    const { rows } = await sql<Place>`
      SELECT board_position AS position, id FROM vorgang WHERE id = ${beforeId}`.execute(trx);
    next = rows[0]!;
  }
  const [previous] = await cardsBeside(trx, column, movedId, {
    place: next,
    backwards: true,
    inclusive: false,
    limit: 1,
  });
  const position = positionBetween(previous?.position ?? null, next?.position ?? null);
  if (next && position >= next.position) await nudgeFollowers(trx, column, movedId, next, position);
  return position;
}

/**
 * Sets the Vorgang's Eigener Status and its place in that column in one transaction: before `beforeVorgangId`
 * (or last), between its neighbours (boardPositions.rules.ts); the column it left keeps its gap. Usually one row is
 * written; cards nudged up to make room keep their versions (their place is the board's, not their content).
 * The move's event (kanban_event + pg_notify), for a new Eigener Status the Vorgang's history row
 * (vorgang_event), and its Änderungsverlauf (with the move's event) are written in the same transaction.
 */
export async function moveOnBoard(db: Database, move: BoardMove, caller: Caller) {
  // Inside the caller's transaction when given one (a bulk action's item), else its own.
  return inTransaction(db, async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOARD_LOCK})`.execute(trx);
    const current = await lockVorgang(trx, move.vorgangId, move.version, vorgangSnapshotColumns);
    const target = move.customStatusId;
    if (target !== null) {
      const { rows } = await sql<{ active: boolean }>`
      SELECT active FROM custom_status WHERE id = ${target}`.execute(trx);
      if (!rows[0]?.active) {
        const message = rows[0] ? 'Dieser Status ist deaktiviert.' : 'Diesen Status gibt es nicht (mehr).';
        throw badRequest(message, { customStatusId: message });
      }
    }
    const before = move.beforeVorgangId ?? null;
    if (before !== null) {
      const { rows } = await sql<{ ok: boolean }>`
      SELECT custom_status_id IS NOT DISTINCT FROM ${target}::int AS ok FROM vorgang WHERE id = ${before}`.execute(
        trx,
      );
      if (before === move.vorgangId || !rows[0]?.ok) {
        const message = 'Die Karte, vor die verschoben werden soll, steht nicht in dieser Spalte.';
        throw badRequest(message, { beforeVorgangId: message });
      }
    }
    const changed = current.customStatusId !== target;
    const position = await placeInColumn(trx, target, move.vorgangId, before);
    // The only write of the Vorgang's own row; what it changed is recorded against the row locked above (the cards
    // nudged aside change only their board place, which the Änderungsverlauf does not track). The record's INSERT
    // rides with the move's event, the next statement this transaction sends anyway.
    const { rows: moved, record } = await updateLockedWithRecord<{ version: number }>(
      trx,
      { ...vorgangSubject(move.vorgangId), actor: caller },
      {
        table: 'vorgang',
        set: sql`custom_status_id = ${target}, board_position = ${position}, version = t.version + 1,
          updated_at = now(), updated_by = ${caller.name},
          custom_status_since = CASE WHEN ${changed} THEN now() ELSE t.custom_status_since END`,
      },
      sql`t.version`,
      current.before,
    );
    const result = {
      id: move.vorgangId,
      version: moved[0]!.version,
      customStatusId: target,
      boardPosition: position,
    };
    // Every board on every server instance learns of the move when this transaction commits.
    await recordMoveEvent(
      trx,
      {
        vorgangId: result.id,
        version: result.version,
        fromStatusId: current.customStatusId,
        customStatusId: target,
        boardPosition: result.boardPosition,
        movedBy: caller.name,
      },
      record,
    );
    // The Vorgang's own history: a new Eigener Status (a move within its column changes nothing there).
    if (changed) {
      await recordVorgangEvent(trx, {
        vorgangId: result.id,
        kind: 'eigener_status',
        version: result.version,
        via: move.via ?? 'board',
        details: {
          from: await customStatusName(trx, current.customStatusId),
          to: await customStatusName(trx, target),
        },
        changedBy: caller.name,
      });
    }
    return result;
  });
}
