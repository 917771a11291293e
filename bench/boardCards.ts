// The Kanban cards the change-history benches move (bench/changeHistory.ts, bench/changeHistorySpans.ts): open
// Vorgänge with their version and column, each moved on to the next active column in board order.
import { sql } from 'kysely';
import type { Database } from '../server/platform/db/database';

/** A card as the benches keep it: its version and column follow each move. */
export interface BoardCard {
  id: number;
  version: number;
  status: number | null;
}

/** `count` open Vorgänge of the seeded demo data, and the column each one moves to next. */
export async function boardCards(
  db: Database,
  count: number,
): Promise<{ cards: BoardCard[]; nextColumn: (card: BoardCard) => number }> {
  const cards = (
    await sql<BoardCard>`
    SELECT id, version, custom_status_id AS status FROM vorgang
    WHERE system_status IN ('anfrage', 'angebot', 'auftrag') ORDER BY id LIMIT ${count}`.execute(db)
  ).rows;
  const columns = (
    await sql<{ id: number }>`SELECT id FROM custom_status WHERE active ORDER BY sort_order`.execute(db)
  ).rows.map((r) => r.id);
  const nextColumn = (card: BoardCard) => columns[(columns.indexOf(card.status ?? -1) + 1) % columns.length]!;
  return { cards, nextColumn };
}
