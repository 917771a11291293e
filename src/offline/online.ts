import { useSyncExternalStore } from 'react';

// Whether the device has a network, as the browser reports it ("online"/"offline" events). It may say
// online on a line that carries nothing: writers still treat a failed send (status 0) as offline.

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser believes it has a network now. */
export const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

/** The same as a React value that follows the browser's online and offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
