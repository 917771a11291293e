/** What the file store was doing when it failed. */
export type FileStoreOperation = 'put' | 'get' | 'delete' | 'stat';

type Listener = (operation: FileStoreOperation, error: unknown) => void;
const listeners = new Set<Listener>();

/**
 * Calls `listener` whenever the file store (folder or blob container) fails, e.g. to count the failures for
 * monitoring. Answers the function that removes the listener again.
 */
export function onFileStoreError(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells every listener about a failure of the store; a failing listener never hides the failure itself. */
export function reportFileStoreError(operation: FileStoreOperation, error: unknown) {
  for (const listener of listeners) {
    try {
      listener(operation, error);
    } catch {
      // A listener's own trouble must not change what the request answers.
    }
  }
}
