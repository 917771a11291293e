import { describe, expect, it } from 'vitest';
import { reportPeriod } from '../../server/analytics/reportPeriod';
import { defaultPeriod } from '../../src/resources/analytics/defaultPeriod';

describe('the usage report period', () => {
  it('ends today in Vienna, even when it is still yesterday in UTC', () => {
    // 23:30 UTC on 31 Dec is 00:30 on 1 Jan in Vienna.
    const lateNight = new Date('2026-12-31T23:30:00Z');
    expect(reportPeriod({ days: 7 }, 'Europe/Vienna', lateNight)).toEqual({
      from: '2026-12-26',
      to: '2027-01-01',
      days: 7,
    });
  });

  it('counts both ends of a chosen period, across the change to summer time', () => {
    expect(reportPeriod({ days: 30, from: '2026-03-28', to: '2026-03-30' }, 'Europe/Vienna')).toEqual({
      from: '2026-03-28',
      to: '2026-03-30',
      days: 3,
    });
  });

  it('refuses a period that ends before it starts or spans more than a year', () => {
    expect(() => reportPeriod({ days: 30, from: '2026-03-02', to: '2026-03-01' }, 'Europe/Vienna')).toThrow(
      'Bitte prüfen Sie den Zeitraum.',
    );
    expect(() => reportPeriod({ days: 30, from: '2025-01-01', to: '2026-01-02' }, 'Europe/Vienna')).toThrow();
    expect(reportPeriod({ days: 30, from: '2025-01-01', to: '2026-01-01' }, 'Europe/Vienna').days).toBe(366);
  });

  it("starts the web app's report on the company's today, not the browser's, also across midnight and DST", () => {
    // 00:30 on 1 Jan in Vienna, 23:30 on 31 Dec in UTC, where a browser set to UTC would still be.
    expect(defaultPeriod('Europe/Vienna', 7, new Date('2026-12-31T23:30:00Z'))).toEqual({
      from: '2026-12-26',
      to: '2027-01-01',
    });
    // 00:30 on 30 March in Berlin, the night the clocks went forward (22:30 UTC the day before).
    expect(defaultPeriod('Europe/Berlin', 30, new Date('2026-03-29T22:30:00Z'))).toEqual({
      from: '2026-03-01',
      to: '2026-03-30',
    });
  });
});
