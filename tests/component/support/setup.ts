import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetFakeApi, startFakeApi, stopFakeApi } from './server';

// Every component test talks to the fake API; a call it does not know fails the test.
beforeAll(startFakeApi);
afterEach(() => {
  // Vitest runs without globals, so Testing Library cannot register its own cleanup.
  cleanup();
  resetFakeApi();
});
afterAll(stopFakeApi);

// The first form with a date loads the calendar (MUI X) lazily, which takes over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
