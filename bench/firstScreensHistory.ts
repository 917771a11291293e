// The history of the first screens' ratios to Atomic CRM in docs/performance.md: a section of its own without a
// stamp line, so that a run of the whole bench keeps it as it is (bench/handWrittenText.ts), to which every run of
// bench/firstScreens.ts adds one line per screen and profile. Its lines are never rewritten.
import { readFile, writeFile } from 'node:fs/promises';
import type { HistoryLine } from './firstScreens';

/** The section's title. */
export const HISTORY_TITLE = 'Erste Bildschirme: Verlauf (gegen Atomic CRM)';

const HEADER = [
  `## ${HISTORY_TITLE}`,
  '',
  'Jeder Lauf von `bench/firstScreens.ts` (über `npm run bench` oder `BENCH_ONLY=firstScreens`) fügt hier eine Zeile je',
  'Bildschirm und Profil an: Median unserer Zeit bis zu den ersten Daten, der von Atomic CRM und das Verhältnis',
  '(paarweise je Lauf). Die Zeilen bleiben; Vergleiche nur bei ähnlicher Last.',
  '',
  '| Datum (UTC) | Commit | Load (1 min) | Profil | Bildschirm | unser | Atomic CRM | Verhältnis |',
  '| --- | --- | ---: | --- | --- | ---: | ---: | ---: |',
];

const number = (value: number, digits: number) =>
  value.toLocaleString('de-DE', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The history section with `lines` added at its end (the section made first if the report has none). */
export function withHistory(
  report: string,
  run: { date: Date; commit: string; load: number },
  lines: readonly HistoryLine[],
): string {
  const rows = lines.map(
    (line) =>
      `| ${run.date.toISOString().slice(0, 16).replace('T', ' ')} | ${run.commit} | ${number(run.load, 2)} | ` +
      `${line.profile} | ${line.screen} | ${number(line.oursMs, 0)} ms | ${number(line.theirsMs, 0)} ms | ` +
      `${number(line.ratio, 2)} × |`,
  );
  const start = report.indexOf(`## ${HISTORY_TITLE}\n`);
  if (start < 0) {
    const further = report.indexOf('## Weitere Benchmarks');
    const at = further >= 0 ? further : report.length;
    return `${report.slice(0, at)}${[...HEADER, ...rows].join('\n')}\n\n${report.slice(at)}`;
  }
  const next = report.indexOf('\n## ', start + 3);
  const end = next >= 0 ? next + 1 : report.length;
  const section = report.slice(start, end).trimEnd();
  return `${report.slice(0, start)}${section}\n${rows.join('\n')}\n\n${report.slice(end)}`;
}

/** Adds the run's lines to the history in `file`. */
export async function appendFirstScreensHistory(
  file: string,
  run: { date: Date; commit: string; load: number },
  lines: readonly HistoryLine[],
): Promise<void> {
  await writeFile(file, withHistory(await readFile(file, 'utf8'), run, lines));
}
