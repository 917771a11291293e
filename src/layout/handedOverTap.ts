import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Navigation state of a tap on a top-bar button of the light Mein Tag (menu, search, layout, profile), which
 * only hands over to the full app: the full app's button of the same name repeats it.
 */
export type HandedOverTap = { tap?: string };

/** How long the full app may take to draw its top bar after the hand-over (a slow phone loads its code first). */
const WAIT_FOR_BUTTON_MS = 10_000;

/**
 * Repeats the top-bar tap that handed the light Mein Tag over, once the full app's button of that name is
 * drawn: the person tapped "Menü" once and sees the menu, not a second bar that wants the same tap again. The
 * tap is then taken out of the history entry (without a navigation, which would close the menu again), so a
 * reload or going back does not repeat it.
 */
export function useHandedOverTap(): void {
  const tap = (useLocation().state as HandedOverTap | null)?.tap;
  useEffect(() => {
    if (!tap) return;
    const until = performance.now() + WAIT_FOR_BUTTON_MS;
    let frame = requestAnimationFrame(function press() {
      const button = document.querySelector<HTMLElement>(`header [aria-label="${CSS.escape(tap)}"]`);
      if (button) {
        const entry = window.history.state as { usr?: HandedOverTap } | null;
        window.history.replaceState({ ...entry, usr: { ...entry?.usr, tap: undefined } }, '');
        button.click();
      } else if (performance.now() < until) frame = requestAnimationFrame(press);
    });
    return () => cancelAnimationFrame(frame);
  }, [tap]);
}
