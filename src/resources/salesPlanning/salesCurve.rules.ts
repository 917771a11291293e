/** Month names for the sales curve's table and chart. */
export const MONTHS = [
  'Jan',
  'Feb',
  'Mär',
  'Apr',
  'Mai',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Okt',
  'Nov',
  'Dez',
] as const;

/**
 * A typed monthly share as a number ("8,5" → 8.5), signed, so "-5" is told it is out of range rather than
 * not a number; NaN for what is not a number at all.
 */
export const parseShareText = (text: string): number =>
  /^\s*[-+]?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN;

const percent = (value: number) => `${value.toLocaleString('de-DE', { maximumFractionDigits: 2 })} %`;

/**
 * What is wrong with twelve monthly shares (each 0–100 % with at most two decimals, together 100 %), per
 * month and for the sum; empty when nothing is. The form and the server use the same rule.
 */
export function salesCurveProblems(shares: readonly unknown[]): Record<string, string> {
  const problems: Record<string, string> = {};
  if (shares.length !== 12) return { shares: 'Die Verkaufskurve braucht genau 12 Monatsanteile.' };
  shares.forEach((share, index) => {
    const month = MONTHS[index]!;
    if (typeof share !== 'number' || !Number.isFinite(share))
      problems[`m${index + 1}`] = `${month}: Bitte eine Zahl eingeben.`;
    else if (share < 0 || share > 100)
      problems[`m${index + 1}`] = `${month}: Der Anteil muss zwischen 0 und 100 % liegen.`;
    else if (Math.abs(share * 100 - Math.round(share * 100)) > 1e-6) {
      problems[`m${index + 1}`] = `${month}: höchstens zwei Nachkommastellen.`;
    }
  });
  if (Object.keys(problems).length === 0) {
    const sum = Math.round((shares as number[]).reduce((s, v) => s + v * 100, 0)) / 100;
    if (sum !== 100)
      problems.shares = `Die Anteile ergeben zusammen ${percent(sum)}; es müssen genau 100 % sein.`;
  }
  return problems;
}
