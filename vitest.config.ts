import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) is a single worker on CI's 2 cores; its main process mostly waits, so two
    // workers there ran the unit, component and API files in 140 s instead of 177 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    reporters: ['default', './tests/support/projectTimesReporter.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'component',
          // The generated screens with MSW in place of the API. happy-dom, not jsdom: several times
          // faster to start per file.
          include: ['tests/component/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['tests/component/support/setup.ts'],
          // Waits of up to 5 s inside a test (Testing Library's), on a machine that may be busy.
          testTimeout: 15_000,
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
          testTimeout: 30_000,
          // Each file builds its own app on its own copy of the database (tests/support/testApp.ts), so the
          // files share the loaded server modules. Loading them afresh for every file made this project take
          // 230 s instead of 83 s (2 workers; 257 s of module imports against 20 s).
          isolate: false,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/support/serverGlobalSetup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // expect.poll waits as long as Playwright's own waits do, not Vitest's 1 s: on a busy machine a
          // dialog's text template took longer than that to arrive. The condition itself is unchanged.
          expect: { poll: { timeout: 10_000 } },
          // Two files at a time, each worker on its own copy of the product (own server and database, see
          // serverGlobalSetup.ts) with its own Chromium: a browser test mostly waits on the page, so two of
          // them use two cores better than one. A worker runs its files one after another with the modules
          // loaded once and the same Chromium (isolate: false).
          maxWorkers: 2,
          isolate: false,
          // After the other projects when all run in one Vitest call (their workers count differs).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
