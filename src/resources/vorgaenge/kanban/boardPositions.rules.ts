/**
 * Where a card goes on the board, the rule the server saves by and the browser mirrors for its optimistic move.
 *
 * Positions are sparse integers, `BOARD_GAP` apart when numbered afresh: a card dropped between two others takes
 * a place between them, so a move writes one row, not the rest of a column that can hold tens of thousands of
 * cards (renumbering 1..n cost 16 s per drop on the 100,000-customer data set). Only when two neighbours have no
 * integer between them are the cards after the place moved up by one, up to the first free number
 * (`followersToNudge`), which is a handful of rows after many drops into one spot.
 */

/** The distance between neighbours when a column is numbered afresh (migration 0030 and `renumberBoard`). */
export const BOARD_GAP = 1024;

/**
 * The position for a card placed between `previous` and `next` (null: the column's start or end). When the
 * answer is not below `next`, the cards from `next` on must move up (`followersToNudge`).
 */
export function positionBetween(previous: number | null, next: number | null): number {
  if (previous === null && next === null) return BOARD_GAP;
  if (previous === null) return next! - BOARD_GAP;
  if (next === null) return previous + BOARD_GAP;
  return next - previous >= 2 ? previous + Math.floor((next - previous) / 2) : previous + 1;
}

/**
 * How the cards after a newly placed one (their positions in board order) must move so that positions rise
 * strictly again: the new position of each card up to the first one that already stands above its
 * predecessor; the rest keep theirs. Empty when there was room.
 */
export function followersToNudge(placed: number, followers: readonly number[]): number[] {
  const moved: number[] = [];
  let previous = placed;
  for (const position of followers) {
    if (position > previous) break;
    previous += 1;
    moved.push(previous);
  }
  return moved;
}
