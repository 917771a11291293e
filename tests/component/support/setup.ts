import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetFakeApi, startFakeApi, stopFakeApi } from './server';

// Every component test talks to the fake API; a call it does not know fails the test.
beforeAll(startFakeApi);
afterEach(async () => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  resetFakeApi();
  await forgetDeviceDatabases();
});

/**
 * The files of this project share one environment, and the offline tests install an IndexedDB in it: without
 * this, answers the kept copy stored in one test would answer an unreachable server in another.
 */
async function forgetDeviceDatabases(): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const databases = await indexedDB.databases();
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          if (!name) return resolve();
          const request = indexedDB.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}
afterAll(stopFakeApi);

// The first form with a date loads the calendar (MUI X) lazily, which takes over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
