// Shared by the bench CLIs: is this file the one node was started with, and figures as console lines.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchFigure } from './figures';

/** True when the module at `url` (its import.meta.url) is the script node was started with. */
export const isMain = (url: string): boolean =>
  Boolean(process.argv[1]) && path.resolve(process.argv[1]!) === fileURLToPath(url);

/** A figure as one German line: median, spread, budget and verdict. */
export function figureLine(figure: BenchFigure): string {
  const value = (n: number) =>
    Number.isNaN(n)
      ? '–'
      : n.toLocaleString('de-DE', {
          maximumFractionDigits: figure.unit === 'x' || figure.unit === 'score' ? 2 : 1,
        });
  const verdict = figure.verdict === 'ok' ? 'OK' : figure.verdict === 'over' ? 'ÜBER BUDGET' : '';
  return (
    `${figure.name}: ${value(figure.median)} ${figure.unit} (min ${value(figure.min)}, max ${value(figure.max)}, ` +
    `${figure.runs} Läufe)${figure.budget ? ` Budget ${figure.budget} ${verdict}` : ''}${figure.note ? ` – ${figure.note}` : ''}`
  );
}

/** Prints every figure on its own line. */
export function printFigures(figures: readonly BenchFigure[]): void {
  for (const figure of figures) console.log(figureLine(figure));
}
