import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectSpan {
  start: number;
  end: number;
  files: number;
  tests: number;
}

/**
 * Prints each Vitest project's wall time (first file started → last file ended) at the end of a run, so
 * that the next slowdown of the suite is seen in the CI log of the commit that caused it. With
 * FENSTER_PROJECT_TIMES_FILE set (by `npm test`, which runs several Vitest calls) it also adds them to that
 * file, one JSON line per project, for the summary at the very end.
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly spans = new Map<string, ProjectSpan>();

  onTestModuleStart(testModule: TestModule): void {
    const name = testModule.project.name || '(ohne Namen)';
    const now = Date.now();
    const span = this.spans.get(name);
    if (span) span.start = Math.min(span.start, now);
    else this.spans.set(name, { start: now, end: now, files: 0, tests: 0 });
  }

  onTestModuleEnd(testModule: TestModule): void {
    const span = this.spans.get(testModule.project.name || '(ohne Namen)');
    if (!span) return;
    span.end = Math.max(span.end, Date.now());
    span.files += 1;
    span.tests += [...testModule.children.allTests()].length;
  }

  onTestRunEnd(): void {
    if (!this.spans.size) return;
    const seconds = (ms: number) => (ms / 1000).toFixed(1).replace('.', ',');
    const rows = [...this.spans].map(
      ([name, span]) =>
        `  ${name.padEnd(10)} ${seconds(span.end - span.start).padStart(7)} s  ` +
        `(${span.files} Dateien, ${span.tests} Tests)`,
    );
    console.log(`\nZeit je Testprojekt (vom ersten Start bis zum letzten Ende):\n${rows.join('\n')}`);
    const file = process.env.FENSTER_PROJECT_TIMES_FILE;
    if (!file) return;
    for (const [name, span] of this.spans) {
      const line = { name, seconds: (span.end - span.start) / 1000, files: span.files, tests: span.tests };
      appendFileSync(file, `${JSON.stringify(line)}\n`);
    }
  }
}
