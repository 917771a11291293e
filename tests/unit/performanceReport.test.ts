import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchFigure } from '../../bench/figures';
import { OVER_BUDGET_REASONS, SECTION } from '../../bench/overBudget';
import { writePerformanceReport, type ReportSection } from '../../bench/performanceReport';

const figure = (name: string, median: number, verdict: BenchFigure['verdict']): BenchFigure => ({
  name,
  unit: 'x',
  median,
  min: median,
  max: median,
  runs: 3,
  budget: '≤ 1,2×',
  verdict,
});

// docs/performance.md says which figure misses its budget, why, and what was tried.
describe('performance report', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'report-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  const write = async (sections: ReportSection[]) =>
    readFile(
      await writePerformanceReport(path.join(folder, 'performance.md'), {
        date: new Date('2026-11-26T12:00:00Z'),
        commit: 'abc1234',
        cores: 2,
        cpuModel: 'Test',
        loadBefore: [1, 1, 1],
        loadAfter: [1, 1, 1],
        seconds: 600,
        customers: 100_000,
        sections,
        cliRuns: [],
        complete: true,
      }),
      'utf8',
    );

  it('explains a section whose figure is over budget, and only that one', async () => {
    const exports = SECTION.exports;
    const lists = SECTION.listApi;
    const report = await write([
      {
        title: exports,
        seconds: 10,
        figures: [figure('Kunden-Export: Zeit ÷ bloßes exceljs', 1.24, 'over')],
      },
      { title: lists, seconds: 5, figures: [figure('Kunden-Liste: API ÷ SQL (p50)', 1.2, 'ok')] },
    ]);
    expect(report).toContain('- Über Budget: Kunden-Export: Zeit ÷ bloßes exceljs');
    const exportPart = report.slice(report.indexOf(`## ${exports}`), report.indexOf(`## ${lists}`));
    expect(exportPart).toContain(`**Warum über Budget:** ${OVER_BUDGET_REASONS[exports].why}`);
    expect(exportPart).toContain(`**Was versucht wurde:** ${OVER_BUDGET_REASONS[exports].tried}`);
    expect(report.slice(report.indexOf(`## ${lists}`))).not.toContain('Warum über Budget');
  });

  it('has a reason for every section whose figures carry a budget', () => {
    for (const title of Object.values(SECTION)) {
      expect(OVER_BUDGET_REASONS[title].why, title).toBeTruthy();
      expect(OVER_BUDGET_REASONS[title].tried, title).toBeTruthy();
    }
  });
});
