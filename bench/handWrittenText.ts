// What people wrote into docs/performance.md beside the figures the bench writes, found so that a run can keep it:
// the text below a section's stamp line (traces, before/after tables), whole sections without a stamp, and the
// entries under the CLI benches' heading that no run wrote.

/** The line that ends a section written by a run of one part (BENCH_ONLY). */
export const PART_STAMP = '_Nur dieser Teil gemessen';
/** The line that ends a section written by the whole run. */
export const RUN_STAMP = '_Gemessen im ganzen Lauf (`npm run bench`, Kopf der Datei); darunter von Hand';

/** The heading of the CLI benches' output, the last section. */
export const FURTHER = '## Weitere Benchmarks';

/** One `## ` section of the report: its title and its whole text, heading line included. */
export interface ReportBlock {
  title: string;
  text: string;
}

/** Splits a report at its `## ` headings: the text before the first, then each section. */
export function splitReport(text: string): { preamble: string; blocks: ReportBlock[] } {
  const starts = [...text.matchAll(/^## .*$/gm)].map((match) => match.index);
  const blocks = starts.map((start, i) => {
    const block = text.slice(start, starts[i + 1] ?? text.length);
    return { title: block.slice(3, block.indexOf('\n') >= 0 ? block.indexOf('\n') : undefined), text: block };
  });
  return { preamble: text.slice(0, starts[0] ?? text.length), blocks };
}

const isStamp = (line: string) => line.startsWith(PART_STAMP) || line.startsWith(RUN_STAMP);

/** Whether a section ends its figures with a stamp line, i.e. was written by a run (else all of it is by hand). */
export const hasStamp = (block: ReportBlock) => block.text.split('\n').some(isStamp);

/** The text below a section's stamp line: written by hand, kept when the section's figures are rewritten. */
export function textBelowStamp(block: ReportBlock): string {
  const lines = block.text.split('\n');
  const stamp = lines.findIndex(isStamp);
  return stamp >= 0 ? lines.slice(stamp + 1).join('\n') : '';
}

// An entry the run writes: "### `bench/x.ts args` (fertig, 12 s)" or "(FEHLER, 12 s)".
const RUN_ENTRY = /^### `[^`]*` \((fertig|FEHLER), [\d.,]+ s\)$/;

/** The CLI entries (`### `) of the CLI benches' section that no run wrote (their heading says "von Hand"). */
export function handWrittenEntries(further: ReportBlock | undefined): string {
  if (!further) return '';
  const starts = [...further.text.matchAll(/^### .*$/gm)].map((match) => match.index);
  return starts
    .map((start, i) => further.text.slice(start, starts[i + 1] ?? further.text.length))
    .filter((entry) => !RUN_ENTRY.test(entry.slice(0, entry.indexOf('\n'))))
    .join('');
}
