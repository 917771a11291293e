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

/** "Spalte Neu, Position 3 von 12", for a place in a column; another drop target by nothing but its place. */
function place(
  board: BoardState,
  location: { droppableId: string; index: number },
  fromDroppableId: string,
): string {
  const column = board.columns.find((c) => String(columnKey(c.customStatusId)) === location.droppableId);
  if (!column) return 'Nicht über einer Spalte';
  // A card from another column makes this one a card longer.
  const count = column.total + (location.droppableId === fromDroppableId ? 0 : 1);
  return `Spalte ${column.name}, Position ${location.index + 1} von ${Math.max(count, location.index + 1)}`;
}

export function dragStartText(board: BoardState, start: DragStart): string {
  return `${cardName(board, start.draggableId)} aufgenommen. ${place(board, start.source, start.source.droppableId)}. ${KEYS}`;
}

export function dragUpdateText(board: BoardState, update: DragUpdate): string {
  if (!update.destination) return 'Nicht über einer Spalte: Loslassen legt den Vorgang nicht ab.';
  return `${place(board, update.destination, update.source.droppableId)}.`;
}

export function dragEndText(board: BoardState, result: DropResult): string {
  const name = cardName(board, result.draggableId);
  const origin = place(board, result.source, result.source.droppableId);
  if (result.reason === 'CANCEL') return `Verschieben abgebrochen. ${name} bleibt in ${origin}.`;
  if (!result.destination) return `${name} nicht abgelegt: Er bleibt in ${origin}.`;
  return `${name} abgelegt in ${place(board, result.destination, result.source.droppableId)}.`;
}
