// Whether a new build of the app is installed and waiting. Kept apart from the worker's registration
// (serviceWorker.ts, loaded after the page) so that the frame can show the prompt without loading Workbox.

type Listener = () => void;

let activate: (() => void) | null = null;
const listeners = new Set<Listener>();

/** The registration says a new build waits; `apply` switches to it and reloads the page. */
export function offerUpdate(apply: () => void): void {
  activate = apply;
  for (const listener of listeners) listener();
}

export function subscribeAppUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The function that loads the waiting build, or null while there is none. */
export const waitingUpdate = (): (() => void) | null => activate;
