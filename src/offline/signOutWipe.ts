import { forgetDeviceData } from './deviceData';
import { wipeOutbox } from './outbox/outboxDatabase';

// Everything of a person this browser holds besides the app's own files, removed on Abmelden, so that the next
// person signing in on the same device finds nothing of theirs: the per-account localStorage entries, the kept
// copy and the outbox in IndexedDB (every account's; the frame warned first if changes were still waiting)
// and any data cache of the service worker. The precache (the build's own
// files, no data) stays, so the sign-in page still starts without network.

/** Workbox names the cache of the build's own files so; every other cache would hold data. */
const APP_FILES_CACHE = 'workbox-precache';

async function forgetDataCaches(): Promise<void> {
  if (!('caches' in window)) return;
  const names = await window.caches.keys();
  await Promise.all(
    names.filter((name) => !name.startsWith(APP_FILES_CACHE)).map((name) => window.caches.delete(name)),
  );
}

/** Removes what this device keeps of any account (sign-out); waits until IndexedDB and the caches are cleared. */
export async function wipeDevice(): Promise<void> {
  forgetDeviceData(window.localStorage, true);
  const results = await Promise.allSettled([
    import('./kept/keptStore').then(({ forgetKeptCopies }) => forgetKeptCopies()),
    wipeOutbox(),
    forgetDataCaches(),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') console.error('Gerätedaten nicht vollständig entfernt', result.reason);
  }
}
