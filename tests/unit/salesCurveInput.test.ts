import { describe, expect, it } from 'vitest';
import { parseShareText, salesCurveProblems } from '../../src/resources/salesPlanning/salesCurve.rules';

describe('typed sales curve shares', () => {
  it('tells a negative share it is out of range, not that it is no number', () => {
    const texts = ['-5', ...Array.from({ length: 11 }, () => '9,55')];
    expect(salesCurveProblems(texts.map(parseShareText)).m1).toBe(
      'Jan: Der Anteil muss zwischen 0 und 100 % liegen.',
    );
  });

  it('reads German decimals and refuses words', () => {
    expect(parseShareText('8,5')).toBe(8.5);
    expect(parseShareText(' 12 ')).toBe(12);
    expect(parseShareText('zehn')).toBeNaN();
    expect(salesCurveProblems([Number.NaN, ...Array(11).fill(0)]).m1).toBe('Jan: Bitte eine Zahl eingeben.');
  });
});
