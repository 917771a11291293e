import { useEffect } from 'react';
import { noteFirstScreenDrawn } from '../../pageLoad';

/**
 * Notes, after the commit that drew them, that a first screen's data are on screen (its rows, cards, figures or
 * record): what the screen reads later (its toolbar's pickers, the bulk bar) and the service worker come only then.
 */
export function useNoteFirstScreenDrawn(drawn: boolean): void {
  useEffect(() => {
    if (drawn) noteFirstScreenDrawn();
  }, [drawn]);
}
