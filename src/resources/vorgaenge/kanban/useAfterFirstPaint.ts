import { startTransition, useEffect, useState } from 'react';

/**
 * False in the first render, true right after the browser has painted it. The board draws the cards in view
 * first and the rest (columns to the right, cards below the fold) in a transition after: on a phone's CPU the
 * whole board in one render took about 0.6 s before the first card showed.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: the frame's paint comes between them.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
