import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchFigure } from '../../bench/figures';
import { OVER_BUDGET_REASONS, SECTION } from '../../bench/overBudget';
import {
  PART_STAMP,
  RUN_STAMP,
  replaceReportSection,
  writePerformanceReport,
  type ReportSection,
} from '../../bench/performanceReport';

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

  it("rewrites one part's figures in place and keeps what was written by hand below its stamp", async () => {
    const file = path.join(folder, 'part.md');
    const phone = SECTION.phone;
    await writeFile(
      file,
      [
        '# Performance',
        `## ${phone}`,
        '| alte Zahl |',
        `${PART_STAMP} (BENCH_ONLY=phone): alt._`,
        '**Spur des Kaltstarts, von Hand:** vorher 3,2 s, nachher 2,7 s.',
        '',
        `## ${SECTION.exports}`,
        'bleibt',
        '',
      ].join('\n'),
    );
    await replaceReportSection(
      file,
      { title: phone, seconds: 3, figures: [figure('Telefon: Kunden', 0.53, 'over')] },
      `${PART_STAMP} (BENCH_ONLY=phone): neu._`,
    );
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain('alte Zahl');
    expect(text).not.toContain('alt._');
    expect(text).toContain('| Telefon: Kunden | 0,53 x |');
    // The hand-written analysis follows the new stamp, once; the next section is untouched.
    expect(text.indexOf('**Spur des Kaltstarts, von Hand:**')).toBeGreaterThan(text.indexOf('neu._'));
    expect(text.split('Spur des Kaltstarts').length).toBe(2);
    expect(text).toContain(`## ${SECTION.exports}\nbleibt\n`);
  });

  it('keeps, on a full run, the text written by hand below every section, hand-written sections and CLI notes', async () => {
    const file = path.join(folder, 'performance.md');
    const phone = SECTION.phone;
    const lists = SECTION.listApi;
    await writeFile(
      file,
      [
        '# Performance (von `npm run bench` geschrieben)',
        '',
        '- Datum: alt',
        '',
        `## ${lists}`,
        '',
        '| alte Listenzahl |',
        '',
        `${RUN_STAMP}._`,
        '',
        '**Listen vorher und nachher, von Hand:** 12 → 9 ms.',
        '',
        `## ${phone}`,
        '',
        '| alte Telefonzahl |',
        '',
        `${PART_STAMP} (BENCH_ONLY=phone): alt._`,
        '',
        '**Spur des Kaltstarts, von Hand:** vorher 3,2 s, nachher 2,7 s.',
        '',
        '## Strg+K auf 100.000 Kunden (von Hand)',
        '',
        '| Name | 1,3 ms |',
        '',
        '## Weitere Benchmarks (Ausgabe der Kommandozeilen-Skripte)',
        '',
        '### `bench/outboxSend.ts` (von Hand, 300 Kunden)',
        '',
        'Median 9088 ms',
        '',
        '### `bench/kanban.ts` (fertig, 25 s)',
        '',
        '```text',
        'alte Kanban-Ausgabe',
        '```',
        '',
      ].join('\n'),
    );
    const report = await write([
      { title: lists, seconds: 5, figures: [figure('Kunden-Liste: API ÷ SQL (p50)', 1.1, 'ok')] },
      { title: phone, seconds: 3, figures: [figure('Telefon: Kunden', 0.53, 'over')] },
    ]);
    expect(report).not.toContain('alte Listenzahl');
    expect(report).not.toContain('alte Telefonzahl');
    expect(report).not.toContain('alte Kanban-Ausgabe');
    expect(report).not.toContain('- Datum: alt');
    // Each section's hand-written text follows its new figures, once.
    const listPart = report.slice(report.indexOf(`## ${lists}`), report.indexOf(`## ${phone}`));
    expect(listPart.indexOf('**Listen vorher und nachher, von Hand:**')).toBeGreaterThan(
      listPart.indexOf('| Kunden-Liste: API ÷ SQL (p50) | 1,10 x |'),
    );
    const phonePart = report.slice(report.indexOf(`## ${phone}`));
    expect(phonePart.indexOf('**Spur des Kaltstarts, von Hand:**')).toBeGreaterThan(
      phonePart.indexOf('| Telefon: Kunden | 0,53 x |'),
    );
    for (const kept of [
      'Listen vorher und nachher',
      'Spur des Kaltstarts',
      '| Name | 1,3 ms |',
      'Median 9088 ms',
    ])
      expect(report.split(kept).length, kept).toBe(2);
    // A section and a CLI note written wholly by hand stay where the bench does not write.
    expect(report).toContain('## Strg+K auf 100.000 Kunden (von Hand)\n\n| Name | 1,3 ms |\n');
    expect(report.indexOf('### `bench/outboxSend.ts` (von Hand, 300 Kunden)')).toBeGreaterThan(
      report.indexOf('## Weitere Benchmarks'),
    );
    // Written again (the run writes after every bench), nothing doubles.
    const again = await write([
      { title: lists, seconds: 5, figures: [figure('Kunden-Liste: API ÷ SQL (p50)', 1.0, 'ok')] },
    ]);
    for (const kept of [
      'Listen vorher und nachher',
      'Spur des Kaltstarts',
      '| Name | 1,3 ms |',
      'Median 9088 ms',
    ])
      expect(again.split(kept).length, kept).toBe(2);
  });

  it('has a reason for every section whose figures carry a budget', () => {
    for (const title of Object.values(SECTION)) {
      expect(OVER_BUDGET_REASONS[title].why, title).toBeTruthy();
      expect(OVER_BUDGET_REASONS[title].tried, title).toBeTruthy();
    }
  });
});
