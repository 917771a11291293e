import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// The first form with a date loads the calendar (MUI X) lazily, which takes over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
