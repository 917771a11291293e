// docs/performance.md as `npm run bench` writes it: the machine, then every figure with its budget and verdict,
// then the output of the benches run as CLIs.
import { readFile, writeFile } from 'node:fs/promises';
import type { BenchFigure } from './figures';
import { OVER_BUDGET_REASONS } from './overBudget';
import type { CliRun } from './runCli';

/** One group of figures, as one bench function returned them (or its error). */
export interface ReportSection {
  title: string;
  figures: BenchFigure[];
  seconds: number;
  error?: string;
}

/** Everything the report shows. */
export interface PerformanceReport {
  date: Date;
  commit: string;
  cores: number;
  cpuModel: string;
  loadBefore: number[];
  loadAfter: number[];
  seconds: number;
  customers: number;
  atomicCrm?: string;
  sections: ReportSection[];
  cliRuns: CliRun[];
  /** False while the run is still going: the file is rewritten after every bench, so a cut-off run leaves one. */
  complete: boolean;
}

const number = (value: number, digits: number) =>
  Number.isFinite(value)
    ? value.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : '–';
const digitsOf = (figure: BenchFigure) => (figure.unit === 'x' ? 2 : figure.unit === 'score' ? 2 : 1);
const VERDICTS = { ok: '✅ im Budget', over: '❌ über Budget', 'n/a': '–' } as const;
const loads = (values: number[]) => values.map((v) => number(v, 2)).join(' / ');

function figureRow(figure: BenchFigure): string {
  const digits = digitsOf(figure);
  const cells = [
    figure.name,
    `${number(figure.median, digits)} ${figure.unit}`,
    `${number(figure.min, digits)} – ${number(figure.max, digits)}`,
    String(figure.runs),
    figure.budget ?? '–',
    figure.verdict ? VERDICTS[figure.verdict] : '–',
    figure.note ?? '',
  ];
  return `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;
}

/** One section as Markdown lines: its title, duration, figures and, when over budget, why and what was tried. */
function sectionLines(section: ReportSection): string[] {
  const lines: string[] = [];
  lines.push(`## ${section.title}`, '', `Dauer ${number(section.seconds, 0)} s.`, '');
  if (section.error) lines.push(`**Fehler:** \`${section.error.replaceAll('`', "'")}\``, '');
  if (section.figures.length) {
    lines.push('| Zahl | Median | Spanne | Läufe | Budget | Ergebnis | Hinweis |');
    lines.push('| --- | ---: | ---: | ---: | --- | --- | --- |');
    lines.push(...section.figures.map(figureRow), '');
  }
  const reason = OVER_BUDGET_REASONS[section.title as keyof typeof OVER_BUDGET_REASONS];
  if (reason && section.figures.some((figure) => figure.verdict === 'over'))
    lines.push(`**Warum über Budget:** ${reason.why}`, '', `**Was versucht wurde:** ${reason.tried}`, '');
  return lines;
}

const FURTHER = '## Weitere Benchmarks';

/** The line that ends a section written by a run of one part; what people wrote below it is theirs. */
export const PART_STAMP = '_Nur dieser Teil gemessen';

/**
 * Writes one section into the report `file` in place of its earlier figures (or before the CLI benches' output
 * when it had none), leaving every other section as it is: for runs of one part (BENCH_ONLY). What follows
 * the section's stamp line (measurements written by hand: traces, before/after tables) stays.
 */
export async function replaceReportSection(
  file: string,
  section: ReportSection,
  stamp: string,
): Promise<void> {
  const text = await readFile(file, 'utf8');
  const block = [...sectionLines(section), stamp, ''].join('\n');
  const start = text.indexOf(`## ${section.title}\n`);
  if (start >= 0) {
    const next = text.indexOf('\n## ', start + 3);
    const end = next >= 0 ? next + 1 : text.length;
    const stampAt = text.indexOf(`\n${PART_STAMP}`, start);
    const kept = stampAt >= 0 && stampAt < end ? text.slice(text.indexOf('\n', stampAt + 1) + 1, end) : '';
    await writeFile(file, `${text.slice(0, start)}${block}${kept}${text.slice(end)}`);
    return;
  }
  const further = text.indexOf(FURTHER);
  const at = further >= 0 ? further : text.length;
  await writeFile(file, `${text.slice(0, at)}${block}\n${text.slice(at)}`);
}

/** Writes the report as Markdown to `file` and returns the path. */
export async function writePerformanceReport(file: string, report: PerformanceReport): Promise<string> {
  const all = report.sections.flatMap((section) => section.figures);
  const over = all.filter((figure) => figure.verdict === 'over');
  const lines = [
    '# Performance (von `npm run bench` geschrieben)',
    '',
    'Nicht von Hand bearbeiten: `npm run bench` überschreibt diese Datei. Was die Zahlen bedeuten: `bench/README.md`.',
    '',
    `- Datum: ${report.date.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `- Commit: ${report.commit}`,
    `- Maschine: ${report.cores} Kerne (${report.cpuModel}); Load Average (1/5/15 min) vorher ${loads(report.loadBefore)}, nachher ${loads(report.loadAfter)}`,
    `- Datensatz: ${report.customers.toLocaleString('de-DE')} Kunden; Dauer des Laufs ${number(report.seconds / 60, 1)} min`,
    `- Atomic CRM: ${report.atomicCrm ?? 'kein Build angegeben (ATOMIC_CRM_DIST)'}`,
    ...(report.complete ? [] : ['- **Unvollständig:** der Lauf endete vor dem letzten Benchmark.']),
    `- Über Budget: ${over.length ? over.map((figure) => figure.name).join('; ') : 'nichts'}`,
    '',
    'Median, Spanne (min – max) und Zahl der Läufe je Zahl.',
    '',
  ];
  for (const section of report.sections) lines.push(...sectionLines(section));
  lines.push(
    `${FURTHER} (Ausgabe der Kommandozeilen-Skripte)`,
    '',
    'Diese Skripte geben ihre Zahlen noch als Text aus (Median und Höchstwert je Fall, Ziele in der Ausgabe).',
    '',
  );
  for (const run of report.cliRuns) {
    lines.push(
      `### \`${run.command}\` (${run.ok ? 'fertig' : 'FEHLER'}, ${number(run.seconds, 0)} s)`,
      '',
      '```text',
      run.output || '(keine Ausgabe)',
      '```',
      '',
    );
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return file;
}
