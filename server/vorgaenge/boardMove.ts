import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { inTransaction } from '../platform/db/inTransaction';
import { badRequest } from '../platform/http/apiError';
import { recordMoveEvent } from './kanban/kanbanEventQueries';
import { customStatusName, recordVorgangEvent } from './vorgangEvents';
import { lockVorgang } from './vorgangQueries';
import {
  cardsBeside,
  lockBoard,
  movedCardSet,
  RETURNING_VERSION,
  setBoardPositions,
  type Place,
} from './boardMoveQueries';
import { followersToNudge, positionBetween } from '../../src/resources/vorgaenge/kanban/boardPositions.rules';
import { updateLockedWithRecord } from '../platform/changes/recordInStatement';
import { vorgangSnapshotColumns, vorgangSubject } from './vorgangSnapshotQueries';

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
  await setBoardPositions(trx, ids, positions);
}

/**
 * The position for the moved card in `column`, before `beforeId` (or last): between its neighbours, moving the
 * cards after it up only when the neighbours leave no number between them.
 */
async function placeInColumn(trx: Executor, column: number | null, movedId: number, beforeId: number | null) {
  let next: Place | null = null;
  if (beforeId !== null) {
    next = await trx
      .selectFrom('vorgang')
      .select(['board_position as position', 'id'])
      .where('id', '=', beforeId)
      .executeTakeFirstOrThrow();
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
    await lockBoard(trx, BOARD_LOCK);
    const current = await lockVorgang(trx, move.vorgangId, move.version, vorgangSnapshotColumns);
    const target = move.customStatusId;
    if (target !== null) {
      const status = await trx
        .selectFrom('custom_status')
        .select('active')
        .where('id', '=', target)
        .executeTakeFirst();
      if (!status?.active) {
        const message = status ? 'Dieser Status ist deaktiviert.' : 'Diesen Status gibt es nicht (mehr).';
        throw badRequest(message, { customStatusId: message });
      }
    }
    const before = move.beforeVorgangId ?? null;
    if (before !== null) {
      const inColumn = await trx
        .selectFrom('vorgang')
        .select('id')
        .where('id', '=', before)
        .where('custom_status_id', 'is not distinct from', target)
        .executeTakeFirst();
      if (before === move.vorgangId || !inColumn) {
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
      { table: 'vorgang', set: movedCardSet(target, position, changed, caller.name) },
      RETURNING_VERSION,
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
