import type { DragStart, DragUpdate, DropResult } from '@hello-pangea/dnd';
import { columnKey, findCard, type BoardState } from './boardState';

/**
 * German texts for screen readers while a card is dragged (@hello-pangea/dnd speaks English unless each step
 * is announced): picked up, over a place, dropped or cancelled, each naming the Vorgang, the column and the
 * position in it. Positions count the column's cards on the server (`total`), not only the loaded ones.
 */

/** Read out when a card gets focus: how to move it by keyboard (DragDropContext dragHandleUsageInstructions). */
export const DRAG_INSTRUCTIONS =
  'Drücken Sie die Leertaste, um den Vorgang aufzunehmen. Mit den Pfeiltasten verschieben Sie ihn, mit der ' +
  'Leertaste legen Sie ihn ab, mit Escape brechen Sie ab.';

const KEYS = 'Mit den Pfeiltasten verschieben, Leertaste zum Ablegen, Escape zum Abbrechen.';

/** The card's name as people say it: its Vorgangsnummer. */
function cardName(board: BoardState, draggableId: string): string {
  const found = findCard(board, Number(draggableId));
  return `Vorgang ${found?.card.vorgangNumber ?? draggableId}`;
}

/**
 * "Spalte Neu, Position 3 von 12", for a place in a column; null for a drop target that is no column (another
 * target on the board speaks for itself).
 */
function place(
  board: BoardState,
  location: { droppableId: string; index: number },
  fromDroppableId: string,
): string | null {
  const column = board.columns.find((c) => String(columnKey(c.customStatusId)) === location.droppableId);
  if (!column) return null;
  // A card from another column makes this one a card longer.
  const count = column.total + (location.droppableId === fromDroppableId ? 0 : 1);
  return `Spalte ${column.name}, Position ${location.index + 1} von ${Math.max(count, location.index + 1)}`;
}

export function dragStartText(board: BoardState, start: DragStart): string {
  const from = place(board, start.source, start.source.droppableId);
  return `${cardName(board, start.draggableId)} aufgenommen. ${from ? `${from}. ` : ''}${KEYS}`;
}

export function dragUpdateText(board: BoardState, update: DragUpdate): string {
  if (!update.destination) return 'Nicht über einer Spalte: Loslassen legt den Vorgang nicht ab.';
  const over = place(board, update.destination, update.source.droppableId);
  return over ? `${over}.` : 'Nicht über einer Spalte.';
}

export function dragEndText(board: BoardState, result: DropResult): string {
  const name = cardName(board, result.draggableId);
  const origin = place(board, result.source, result.source.droppableId) ?? 'seiner Spalte';
  if (result.reason === 'CANCEL') return `Verschieben abgebrochen. ${name} bleibt in ${origin}.`;
  if (!result.destination) return `${name} nicht abgelegt: Er bleibt in ${origin}.`;
  const target = place(board, result.destination, result.source.droppableId);
  return target ? `${name} abgelegt in ${target}.` : `${name} abgelegt.`;
}
