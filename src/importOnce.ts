/**
 * A module imported once per page load: every caller gets the same promise, and a failed import (the network
 * gone on a phone) is forgotten, so the next call tries again. `loaded()` answers the module once it is here, for a
 * first render that must not wait a task for it.
 */
export function importOnce<M>(load: () => Promise<M>): { load: () => Promise<M>; loaded: () => M | null } {
  let code: Promise<M> | null = null;
  let module: M | null = null;
  return {
    load: () =>
      (code ??= load().then(
        (value) => (module = value),
        (error: unknown) => {
          code = null;
          throw error;
        },
      )),
    loaded: () => module,
  };
}
