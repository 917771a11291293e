import { describe, expect, it } from 'vitest';
import { instantOfCompanyDateTime } from '../../src/config/companyTime';
import { visibleHours, WORKING_HOURS } from '../../src/resources/calendar/calendarEvents';

const zone = 'Europe/Vienna';
const at = (text: string) => ({ start: instantOfCompanyDateTime(text, zone) });

describe('Kalender: the hours of the day and week views', () => {
  it('are the working hours when every Termin lies within them', () => {
    expect(visibleHours([at('2026-12-01T06:00'), at('2026-12-01T19:59')], zone)).toEqual(WORKING_HOURS);
    expect(visibleHours([], zone)).toEqual(WORKING_HOURS);
  });

  it('widen to an early and a late Termin in company time, so that neither is left out', () => {
    expect(visibleHours([at('2026-12-01T05:30'), at('2026-12-03T21:15')], zone)).toEqual({
      slotMinTime: '05:00:00',
      slotMaxTime: '23:00:00',
    });
    // An hour from 23:30 ends after midnight: the day still ends at 24:00.
    expect(visibleHours([at('2026-12-01T00:45'), at('2026-12-01T23:30')], zone)).toEqual({
      slotMinTime: '00:00:00',
      slotMaxTime: '24:00:00',
    });
  });
});
