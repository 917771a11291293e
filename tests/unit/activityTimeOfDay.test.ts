import { describe, expect, it } from 'vitest';
import { timelineWhen } from '../../src/resources/kit/timelineWhen';
import { activityWhen } from '../../src/resources/kit/activityWhen';

const VIENNA = 'Europe/Vienna';
// 12:30 UTC on 10 June 2026 is 14:30 in Vienna (summer time).
const AT = '2026-06-10T12:30:00.000Z';

describe('an activity’s time of day on the timeline and in the activities list', () => {
  it('shows a Termin at 14:30 Vienna time as 14:30, in the company’s zone', () => {
    expect(timelineWhen({ kind: 'aktivitaet', at: AT, details: { type: 'termin' } }, VIENNA)).toBe(
      '10.06.2026 14:30',
    );
    expect(activityWhen({ activityType: 'aufmass', activityDate: AT }, VIENNA)).toBe('10.06.2026 14:30');
  });

  it('shows an Anruf with its date only, never 00:00', () => {
    const midnight = '2026-06-09T22:00:00.000Z'; // 00:00 on 10 June in Vienna
    const shown = timelineWhen({ kind: 'aktivitaet', at: midnight, details: { type: 'anruf' } }, VIENNA);
    expect(shown).toBe('10.06.2026');
    expect(activityWhen({ activityType: 'anruf', activityDate: midnight }, VIENNA)).toBe('10.06.2026');
  });

  it('keeps the time of other entries (notes) in the company’s zone', () => {
    expect(timelineWhen({ kind: 'notiz', at: AT, details: {} }, 'Europe/Berlin')).toBe('10.06.2026 14:30');
  });
});
