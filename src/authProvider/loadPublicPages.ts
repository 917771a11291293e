import { useEffect, useState } from 'react';
import { importOnce } from '../importOnce';
import { firstCallsSent } from '../pageLoad';

type PublicPages = typeof import('./PublicPages');

const publicPages = importOnce(() => import('./PublicPages'));

/**
 * The start's MUI-drawn parts (src/authProvider/PublicPages.tsx), imported once per page load. The sign-in pages
 * (index.html) ask for their files beside the entry (build/signedInPreload.ts) and the start awaits them before
 * its first render, so they are drawn at once there; behind the sign-in they come with the app's code
 * (tests/unit/signedInPagesChunks.test.ts).
 */
export const loadPublicPages = (): Promise<PublicPages> => publicPages.load();

/**
 * The parts once here; until then null, and they are asked for once `needed` (a phone's landing that leaves
 * the light page, or finds nobody signed in). Not React.lazy: a lazy component shows its Suspense fallback first, and React
 * reveals the content no sooner than 300 ms after that.
 */
export function usePublicPages(needed = true): PublicPages | null {
  const [pages, setPages] = useState(publicPages.loaded);
  useEffect(() => {
    if (pages || !needed) return;
    let current = true;
    // Behind the sign-in the guard waits for them; the address's first calls go out first.
    firstCallsSent()
      .then(loadPublicPages)
      .then(
        (module) => current && setPages(module),
        (error: unknown) => console.error('Die Anmeldeseite konnte nicht geladen werden', error),
      );
    return () => {
      current = false;
    };
  }, [pages, needed]);
  return pages;
}
