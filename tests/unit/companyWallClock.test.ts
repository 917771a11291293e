import { describe, expect, it } from 'vitest';
import {
  companyWallClock,
  formatCompanyDateTime,
  instantOfCompanyDateTime,
  instantOfCompanyWallClock,
} from '../../src/config/companyTime';

describe('the company wall clock of the date-time picker', () => {
  it('shows an instant as the company sees it and turns the picked time back into that instant', () => {
    for (const [instant, zone, shown] of [
      ['2026-03-28T22:30:00.000Z', 'Europe/Vienna', '28.03.2026 23:30'],
      ['2026-03-29T21:30:00.000Z', 'Europe/Vienna', '29.03.2026 23:30'],
      ['2026-10-25T22:30:00.000Z', 'Europe/Berlin', '25.10.2026 23:30'],
    ] as const) {
      const picked = companyWallClock(instant, zone);
      expect([picked.getDate(), picked.getHours(), picked.getMinutes()]).toEqual([
        Number(shown.slice(0, 2)),
        23,
        30,
      ]);
      expect(instantOfCompanyWallClock(picked, zone).toISOString()).toBe(instant);
      expect(formatCompanyDateTime(instant, zone)).toBe(shown);
    }
  });

  it('reads API values without an offset as company time, with one as given', () => {
    expect(instantOfCompanyDateTime('2026-03-29T23:30', 'Europe/Vienna').toISOString()).toBe(
      '2026-03-29T21:30:00.000Z',
    );
    expect(instantOfCompanyDateTime('2026-01-15', 'Europe/Berlin').toISOString()).toBe(
      '2026-01-14T23:00:00.000Z',
    );
    expect(instantOfCompanyDateTime('2026-03-29T23:30:00+02:00', 'Europe/Berlin').toISOString()).toBe(
      '2026-03-29T21:30:00.000Z',
    );
  });
});
