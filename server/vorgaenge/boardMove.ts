import { sql } from 'kysely';
import type { Caller } from '../platform/auth/caller';
import type { Database } from '../platform/db/database';
import type { Executor } from '../platform/entities/entityRepository';
import { badRequest } from '../platform/http/apiError';
import { recordMoveEvent } from './kanban/kanbanEvents';
import { BOARD_MEMBER } from './kanban/kanbanFilter';
import { lockVorgang } from './vorgangQueries';

/** A move of one card: into the column of `customStatusId` (null: "Ohne Status"), before `beforeVorgangId`. */
export interface BoardMove {
  vorgangId: number;
  customStatusId: number | null;
  version: number;
  /** The card it is placed before; absent or null: the end of the column. */
  beforeVorgangId?: number | null;
}

// One lock for every move on the board: a move renumbers up to two columns, and one lock taken first
// keeps two moves from waiting on each other's rows (no deadlock), so the order stays 1..n without gaps.
const BOARD_LOCK = 15_016;

/**
 * Renumbers a column's cards 1..n in their current order (board_position, then id); only rows that change are
 * written. Vorgänge off the board (invoiced, lost) keep their old place and cost nothing.
 */
async function renumberColumn(trx: Executor, customStatusId: number | null) {
  await sql`
    UPDATE vorgang v SET board_position = o.rn
    FROM (SELECT id, row_number() OVER (ORDER BY board_position, id)::int AS rn
          FROM vorgang v WHERE coalesce(v.custom_status_id, 0) = ${customStatusId ?? 0} AND ${BOARD_MEMBER}) o
    WHERE v.id = o.id AND v.board_position <> o.rn`.execute(trx);
}

/** Numbers every column's cards 1..n in their current order (after a bulk load such as the demo data). */
export async function renumberBoard(db: Executor) {
  await sql`
    UPDATE vorgang v SET board_position = o.rn
    FROM (SELECT id, row_number() OVER (PARTITION BY coalesce(custom_status_id, 0)
                                        ORDER BY board_position, id)::int AS rn
          FROM vorgang v WHERE ${BOARD_MEMBER}) o
    WHERE v.id = o.id AND v.board_position <> o.rn`.execute(db);
}

/**
 * Sets the Vorgang's Eigener Status and its place in that column in one transaction: the target column
 * is renumbered 1..n with the card before `beforeVorgangId` (or last), the column it left is closed up.
 * Only the moved Vorgang gets a new version; the others' positions are the board's, not their content.
 * The move's event (kanban_event + pg_notify) is written in the same transaction.
 */
export async function moveOnBoard(db: Database, move: BoardMove, caller: Caller) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${BOARD_LOCK})`.execute(trx);
    const current = await lockVorgang(trx, move.vorgangId, move.version);
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
    const { rows: moved } = await sql<{ version: number }>`
      UPDATE vorgang SET custom_status_id = ${target}, version = version + 1, updated_at = now(),
        updated_by = ${caller.name},
        custom_status_since = CASE WHEN ${changed} THEN now() ELSE custom_status_since END
      WHERE id = ${move.vorgangId} RETURNING version`.execute(trx);
    // The others of the target column 1..n, a place left open for the card (before `before`, or last).
    const { rows: placed } = await sql<{ position: number }>`
      WITH others AS (
        SELECT id, row_number() OVER (ORDER BY board_position, id)::int AS rn
        FROM vorgang v WHERE coalesce(v.custom_status_id, 0) = ${target ?? 0} AND ${BOARD_MEMBER}
          AND v.id <> ${move.vorgangId}
      ), place AS (
        SELECT coalesce((SELECT rn FROM others WHERE id = ${before}::int),
                        (SELECT count(*)::int + 1 FROM others)) AS at
      ), numbered AS (
        SELECT id, CASE WHEN rn >= (SELECT at FROM place) THEN rn + 1 ELSE rn END AS pos FROM others
        UNION ALL SELECT ${move.vorgangId}::int, (SELECT at FROM place)
      ), written AS (
        UPDATE vorgang v SET board_position = n.pos FROM numbered n
        WHERE v.id = n.id AND v.board_position <> n.pos RETURNING v.id
      )
      SELECT at AS position FROM place`.execute(trx);
    if (changed) await renumberColumn(trx, current.customStatusId);
    const result = {
      id: move.vorgangId,
      version: moved[0]!.version,
      customStatusId: target,
      boardPosition: placed[0]!.position,
    };
    // Every board on every server instance learns of the move when this transaction commits.
    await recordMoveEvent(trx, {
      vorgangId: result.id,
      version: result.version,
      fromStatusId: current.customStatusId,
      customStatusId: target,
      boardPosition: result.boardPosition,
      movedBy: caller.name,
    });
    return result;
  });
}
