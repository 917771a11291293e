import { sql } from 'kysely';
import { BOARD_GAP } from '../../src/resources/vorgaenge/kanban/boardPositions.rules';
import type { Executor } from '../platform/entities/entityRepository';
import { BOARD_MEMBER } from './kanban/kanbanFilterQueries';

/** A card's place on the board: its position, and its id for cards at equal positions. */
export interface Place {
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
export async function cardsBeside(
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

/** Gives cards `ids` the board positions `positions` (the same order), in one statement. */
export async function setBoardPositions(trx: Executor, ids: number[], positions: number[]) {
  await sql`
    UPDATE vorgang v SET board_position = u.position
    FROM unnest(${ids}::int[], ${positions}::int[]) AS u(id, position)
    WHERE v.id = u.id`.execute(trx);
}

/** Takes the board's transaction lock `key` (released at commit): one move on the board at a time. */
export async function lockBoard(trx: Executor, key: number) {
  await sql`SELECT pg_advisory_xact_lock(${key})`.execute(trx);
}

/** The SET of the moved card's row `t`: column, place, next version, who and when, since when in its status. */
export function movedCardSet(target: number | null, position: number, changed: boolean, by: string) {
  return sql`custom_status_id = ${target}, board_position = ${position}, version = t.version + 1,
    updated_at = now(), updated_by = ${by},
    custom_status_since = CASE WHEN ${changed} THEN now() ELSE t.custom_status_since END`;
}

/** What the moved card's UPDATE returns: its new version. */
export const RETURNING_VERSION = sql`t.version`;
