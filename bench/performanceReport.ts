// docs/performance.md as `npm run bench` writes it: the machine, then every figure with its budget and verdict,
// then the output of the benches run as CLIs. What people wrote beside the figures stays (bench/handWrittenText.ts).
import { readFile, writeFile } from 'node:fs/promises';
import type { BenchFigure } from './figures';
import { FURTHER, RUN_STAMP, handWrittenEntries, splitReport, textBelowStamp } from './handWrittenText';
import { OVER_BUDGET_REASONS } from './overBudget';
export { PART_STAMP, RUN_STAMP } from './handWrittenText';
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

/** A section as the bench writes it: its figures, then the stamp line below which people write by hand. */
const sectionBlock = (section: ReportSection, stamp: string) =>
  [...sectionLines(section), stamp, ''].join('\n');

/** The stamp line of a section written by the whole run: when, which commit, and that the text below is by hand. */
const runStamp = (report: PerformanceReport) =>
  `${RUN_STAMP} (\`npm run bench\`) am ${dateOf(report.date)} UTC, Commit ${report.commit}; ` +
  'was darunter steht, ist von Hand geschrieben und bleibt bei jedem Lauf._';

const dateOf = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);

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
  const block = sectionBlock(section, stamp);
  const old = splitReport(text).blocks.find((candidate) => candidate.title === section.title);
  if (old) {
    await writeFile(
      file,
      text.replace(old.text, () => `${block}${textBelowStamp(old)}`),
    );
    return;
  }
  const further = text.indexOf(FURTHER);
  const at = further >= 0 ? further : text.length;
  await writeFile(file, `${text.slice(0, at)}${block}\n${text.slice(at)}`);
}

/**
 * Writes the report as Markdown to `file` and returns the path. Each measured section replaces its earlier
 * figures in place and keeps the text below its stamp; a section this run did not (yet) write, or one written
 * wholly by hand, stays as it was; under the CLI benches' heading the entries written by hand stay before the
 * run's output.
 */
export async function writePerformanceReport(file: string, report: PerformanceReport): Promise<string> {
  const earlier = splitReport(await readFile(file, 'utf8').catch(() => ''));
  const all = report.sections.flatMap((section) => section.figures);
  const over = all.filter((figure) => figure.verdict === 'over');
  const lines = [
    '# Performance (von `npm run bench` geschrieben)',
    '',
    'Die Zahlen schreibt `npm run bench` (was sie bedeuten: `bench/README.md`); sie nicht von Hand ändern. Von Hand ' +
      'geschrieben und bei jedem Lauf behalten: was unter der Zeile „Gemessen …“ / „Nur dieser Teil gemessen …“ ' +
      'eines Abschnitts steht, Abschnitte ohne diese Zeile und unter „Weitere Benchmarks“ die Einträge „von Hand“.',
    '',
    `- Datum: ${dateOf(report.date)} UTC`,
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
  const stamp = runStamp(report);
  const measured = new Map(report.sections.map((section) => [section.title, section]));
  const blocks: string[] = [];
  for (const block of earlier.blocks) {
    if (block.text.startsWith(FURTHER)) continue;
    const section = measured.get(block.title);
    measured.delete(block.title);
    const text = section
      ? `${sectionBlock(section, stamp)}\n${textBelowStamp(block).trimStart()}`
      : block.text;
    blocks.push(`${text.trimEnd()}\n\n`);
  }
  for (const section of measured.values()) blocks.push(`${sectionBlock(section, stamp)}\n`);
  const byHand = handWrittenEntries(earlier.blocks.find((block) => block.text.startsWith(FURTHER)));
  lines.push(
    `${blocks.join('')}${FURTHER} (Ausgabe der Kommandozeilen-Skripte)`,
    '',
    'Diese Skripte geben ihre Zahlen noch als Text aus (Median und Höchstwert je Fall, Ziele in der Ausgabe).',
    '',
    ...(byHand ? [byHand.trimEnd(), ''] : []),
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
