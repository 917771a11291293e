// One measured figure as every bench returns it, so `npm run bench` can put them all in docs/performance.md.

/** A measured figure: the median of several runs, with its spread and the budget it is held to. */
export type BenchFigure = {
  /** What was measured, e.g. "Kunden: erste Zeile (kalt)". */
  name: string;
  unit: 'ms' | 'kB' | 'x' | 'MB' | 'score' | 'count';
  median: number;
  min: number;
  max: number;
  runs: number;
  /** The target as text, e.g. "< 50 ms" or "≤ 360 kB gzip". */
  budget?: string;
  verdict?: 'ok' | 'over' | 'n/a';
  note?: string;
};

/** Median, min and max of a list of samples (the samples need not be sorted). */
export function summarise(samples: readonly number[]): Pick<BenchFigure, 'median' | 'min' | 'max' | 'runs'> {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
}
