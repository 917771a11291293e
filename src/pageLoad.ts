// A page load's two milestones, which decide when what is not needed for the first screen may come. First the
// address's first data calls go out, before any script the page's HTML did not ask for (the app's big files, the
// screen's code): behind those they waited for one of a host's six HTTP/1.1 connections (a cold Kunden list's
// call left 0.5 s after the app's code was asked for). Then the first screen draws its data, before the parts
// nobody reads first (a toolbar's picker, the bulk bar, the service worker, the kept copy) are asked for.
// tests/browser/firstScreens.test.ts keeps both. Each settles at the latest after a while, so that a slow token
// or a screen that never says it is drawn holds nothing back for long.

/** A milestone: settled once noted, or at the latest `latestMs` after it was first awaited. */
function milestone(latestMs: number) {
  let note: () => void = () => undefined;
  const reached = new Promise<void>((settle) => (note = settle));
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    note: () => note(),
    reached: (): Promise<void> => {
      timer ??= setTimeout(note, latestMs);
      return reached;
    },
  };
}

const firstCalls = milestone(1500);
const firstData = milestone(4000);

/** Settles once the address's first calls have gone out (or it makes none): then the scripts may come. */
export const firstCallsSent = firstCalls.reached;

/** Notes that the address's first calls are out, or that this page load makes none (signed out, no /crm page). */
export const noteFirstCallsSent = firstCalls.note;

/** Settles once the first screen has drawn its data (its rows, cards or figures): then its later parts may come. */
export const firstScreenDrawn = firstData.reached;

/** Notes that the first screen has drawn its data (a screen's rows, after their commit). */
export const noteFirstScreenDrawn = firstData.note;
