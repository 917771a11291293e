import { useCallback, useEffect, useId, useRef } from 'react';
import { useBlocker, useTranslate } from 'react-admin';

// The guards holding unsaved input right now. react-router consults only the blocker registered last (a dialog's,
// over a page whose note field is also being typed in), so each guard's blocker asks about all of them.
const dirtyGuards = new Set<string>();

/**
 * The one guard of the hand-made forms and dialogs: while `dirty`, leaving the page inside
 * the app (menu, link, back) asks first with react-admin's own text (`ra.message.unsaved_changes`, the same the
 * generated forms ask with), a reload or closing the tab gets the browser's `beforeunload` prompt, and
 * `confirmDiscard()` asks before a dialog is closed (Escape, Abbrechen). Call `saved()` right before a successful
 * save closes the form or navigates away, so that the save itself is not held up.
 */
export function useUnsavedChangesGuard(dirty: boolean): { confirmDiscard: () => boolean; saved: () => void } {
  const translate = useTranslate();
  const message = translate('ra.message.unsaved_changes');
  const id = useId();
  const savedRef = useRef(false);
  useEffect(() => {
    // Saved and emptied (a note composer stays open): the next input is guarded again.
    if (!dirty) savedRef.current = false;
    else dirtyGuards.add(id);
    return () => {
      dirtyGuards.delete(id);
    };
  }, [dirty, id]);

  // Only a new page counts: a tab or filter in the address (the query) leaves the form where it is.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyGuards.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(message)) blocker.proceed?.();
    else blocker.reset?.();
    // The blocker object changes on every render; its state is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state, message]);

  useEffect(() => {
    if (!dirty) return;
    const beforeunload = (event: BeforeUnloadEvent) => {
      if (savedRef.current) return;
      event.preventDefault();
      // Older Chromium shows the prompt only with a returnValue.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', beforeunload);
    return () => window.removeEventListener('beforeunload', beforeunload);
  }, [dirty]);

  // Once saved, closing discards nothing (a new activity's dialog stays open for its files).
  const confirmDiscard = useCallback(
    () => !dirty || savedRef.current || window.confirm(message),
    [dirty, message],
  );
  const saved = useCallback(() => {
    savedRef.current = true;
    dirtyGuards.delete(id);
  }, [id]);
  return { confirmDiscard, saved };
}
