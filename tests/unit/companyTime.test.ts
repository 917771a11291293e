import { describe, expect, it } from 'vitest';
import {
  addCompanyDays,
  companyDayOf,
  companyToday,
  dueBucketOf,
  formatCompanyDateTime,
  startOfCompanyDay,
} from '../../src/config/companyTime';

describe('the company day', () => {
  it('turns at midnight in the tenant zone, not in UTC', () => {
    // 22:59 UTC on 31.12. is 23:59 in Vienna (winter, UTC+1): still the old year there.
    expect(companyToday('Europe/Vienna', new Date('2026-12-31T22:59:00Z'))).toBe('2026-12-31');
    expect(companyToday('Europe/Vienna', new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01');
    // Summer (UTC+2): 21:59 UTC is 23:59, 22:00 UTC is midnight.
    expect(companyDayOf('2026-07-14T21:59:59Z', 'Europe/Berlin')).toBe('2026-07-14');
    expect(companyDayOf('2026-07-14T22:00:00Z', 'Europe/Berlin')).toBe('2026-07-15');
  });

  it('begins each day at local midnight across the DST switches', () => {
    // 29.03.2026: clocks go 02:00 → 03:00; the day still begins at 00:00 CET = 23:00 UTC the day before.
    expect(startOfCompanyDay('2026-03-29', 'Europe/Vienna').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfCompanyDay('2026-03-30', 'Europe/Vienna').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // 25.10.2026: clocks go 03:00 → 02:00; that day has 25 hours.
    expect(startOfCompanyDay('2026-10-25', 'Europe/Berlin').toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(startOfCompanyDay('2026-10-26', 'Europe/Berlin').toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(formatCompanyDateTime('2026-10-25T01:30:00Z', 'Europe/Vienna')).toBe('25.10.2026 02:30');
    expect(formatCompanyDateTime('2026-10-25T00:30:00Z', 'Europe/Vienna')).toBe('25.10.2026 02:30');
  });

  it('adds whole calendar days regardless of DST', () => {
    expect(addCompanyDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addCompanyDays('2026-10-24', 7)).toBe('2026-10-31');
    expect(addCompanyDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});

describe('due buckets', () => {
  // Wednesday 25.11.2026; its ISO week ends on Sunday 29.11.
  const today = '2026-11-25';

  it('sorts due days into Überfällig, Heute, Diese Woche and Später', () => {
    expect(dueBucketOf('2026-11-24', today)).toBe('ueberfaellig');
    expect(dueBucketOf('2026-11-25', today)).toBe('heute');
    expect(dueBucketOf('2026-11-26', today)).toBe('dieseWoche');
    expect(dueBucketOf('2026-11-29', today)).toBe('dieseWoche');
    expect(dueBucketOf('2026-11-30', today)).toBe('spaeter');
  });

  it('has Morgen only when asked for', () => {
    expect(dueBucketOf('2026-11-26', today, { tomorrow: true })).toBe('morgen');
    expect(dueBucketOf('2026-11-27', today, { tomorrow: true })).toBe('dieseWoche');
  });

  it('on a Sunday, the next day is next week', () => {
    expect(dueBucketOf('2026-11-30', '2026-11-29')).toBe('spaeter');
    expect(dueBucketOf('2026-11-30', '2026-11-29', { tomorrow: true })).toBe('morgen');
  });

  it('a label due at 00:30 Vienna time is due "today" although UTC still says yesterday', () => {
    const now = new Date('2026-03-28T23:30:00Z'); // 00:30 on 29.03. in Vienna, the night of the DST switch
    const dueInstant = '2026-03-28T23:15:00Z';
    expect(dueBucketOf(companyDayOf(dueInstant, 'Europe/Vienna'), companyToday('Europe/Vienna', now))).toBe(
      'heute',
    );
  });
});
