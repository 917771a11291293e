/**
 * How a person's free text shows on a card or in a cell (notes, Interaktionen, activity notes): its line breaks
 * kept, and a long word without spaces (an order number, a link) wrapped at the edge instead of cut off.
 */
export const NOTE_TEXT_SX = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;
