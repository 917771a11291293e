import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TestModule } from 'vitest/node';
import ProjectTimesReporter from '../support/projectTimesReporter';

/** Just what the reporter reads of a finished test file. */
const moduleOf = (project: string, tests: number) =>
  ({
    project: { name: project },
    children: { allTests: () => Array.from({ length: tests }, () => ({}))[Symbol.iterator]() },
  }) as unknown as TestModule;

describe('the per-project times of a test run', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it('adds each project of this Vitest call to the file npm test names, for its summary at the very end', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'fenster-crm-times-test-'));
    try {
      const file = path.join(dir, 'projects.jsonl');
      vi.stubEnv('FENSTER_PROJECT_TIMES_FILE', file);
      vi.spyOn(console, 'log').mockImplementation(() => {});
      vi.useFakeTimers({ now: 0, toFake: ['Date'] });
      const reporter = new ProjectTimesReporter();
      reporter.onTestModuleStart(moduleOf('api', 3));
      vi.setSystemTime(1_500);
      reporter.onTestModuleStart(moduleOf('browser', 2));
      vi.setSystemTime(4_000);
      reporter.onTestModuleEnd(moduleOf('api', 3));
      vi.setSystemTime(9_250);
      reporter.onTestModuleEnd(moduleOf('browser', 2));
      reporter.onTestRunEnd();
      const lines = (await readFile(file, 'utf8')).trim().split('\n');
      expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
        { name: 'api', seconds: 4, files: 1, tests: 3 },
        { name: 'browser', seconds: 7.75, files: 1, tests: 2 },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
