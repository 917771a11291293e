import type { HistorySample } from '../../support/historySamples';

// Each area keeps the history samples of its entities beside its own API tests: tests/api/<area>/historySamples.ts.
const sampleModules = import.meta.glob<{ default: Readonly<Record<string, HistorySample>> }>(
  '../*/historySamples.ts',
  { eager: true },
);

/** Every area's history samples by entity name. */
export const ENTITY_SAMPLES: Readonly<Record<string, HistorySample>> = Object.assign(
  {},
  ...Object.values(sampleModules).map((module) => module.default),
);
