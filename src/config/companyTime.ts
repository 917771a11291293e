import { TZDate, tz } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { endOfISOWeek } from 'date-fns/endOfISOWeek';
import { format } from 'date-fns/format';
import { parseISO } from 'date-fns/parseISO';

// The company's day is the tenant's, not the server's or the browser's: a seller in Klagenfurt
// and a server in UTC must agree on what is "heute" and "überfällig". Server and web app both use this file.

/** IANA time zone of each tenant's company. */
export const TENANT_TIME_ZONES = { strussnig: 'Europe/Vienna', rekord: 'Europe/Berlin' } as const;

export type TenantKey = keyof typeof TENANT_TIME_ZONES;
export type TimeZoneName = (typeof TENANT_TIME_ZONES)[TenantKey];

/** The tenant's time zone. */
export const timeZoneOf = (tenant: TenantKey): TimeZoneName => TENANT_TIME_ZONES[tenant];

/** The calendar day (yyyy-MM-dd) an instant falls on in the company's zone. */
export const companyDayOf = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'yyyy-MM-dd', { in: tz(zone) });

/** Today in the company's zone, as yyyy-MM-dd. */
export const companyToday = (zone: string, now: Date = new Date()): string => companyDayOf(now, zone);

/** A calendar day (yyyy-MM-dd) moved by whole days, independent of any zone (DST cannot shift it). */
export const addCompanyDays = (day: string, days: number): string =>
  format(addDays(parseISO(day), days), 'yyyy-MM-dd');

/** The instant a company day begins (midnight in the zone), e.g. to compare with stored timestamps. */
export const startOfCompanyDay = (day: string, zone: string): Date => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(new TZDate(year, month - 1, date, zone).getTime());
};

/** Where a due item stands against today. "Morgen" is only used when asked for (Todos use it, Fällige Labels not). */
export type DueBucket = 'ueberfaellig' | 'heute' | 'morgen' | 'dieseWoche' | 'spaeter';

/** German headings of the due buckets, in display order. */
export const DUE_BUCKET_LABELS: Record<DueBucket, string> = {
  ueberfaellig: 'Überfällig',
  heute: 'Heute',
  morgen: 'Morgen',
  dieseWoche: 'Diese Woche',
  spaeter: 'Später',
};

/**
 * The bucket of a due day (yyyy-MM-dd) seen from today (yyyy-MM-dd, the company's today). "Diese Woche" runs to
 * Sunday of today's ISO week, so on a Sunday everything after today is "Später" (or "Morgen").
 */
export const dueBucketOf = (
  dueDay: string,
  today: string,
  options: { tomorrow?: boolean } = {},
): DueBucket => {
  const due = parseISO(dueDay);
  const now = parseISO(today);
  const days = differenceInCalendarDays(due, now);
  if (days < 0) return 'ueberfaellig';
  if (days === 0) return 'heute';
  if (days === 1 && options.tomorrow) return 'morgen';
  return due <= endOfISOWeek(now) ? 'dieseWoche' : 'spaeter';
};

/** dd.MM.yyyy of an instant as the company sees it. */
export const formatCompanyDate = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'dd.MM.yyyy', { in: tz(zone) });

/** dd.MM.yyyy HH:mm of an instant as the company sees it. */
export const formatCompanyDateTime = (instant: Date | string, zone: string): string =>
  format(typeof instant === 'string' ? parseISO(instant) : instant, 'dd.MM.yyyy HH:mm', { in: tz(zone) });

/**
 * The company's wall clock of an instant as a local Date (same year … minute), for date-time pickers that only
 * know the browser's zone: what the picker shows is then the company's time, wherever the browser is.
 */
export const companyWallClock = (instant: Date | string, zone: string): Date => {
  const zoned = new TZDate(new Date(instant).getTime(), zone);
  return new Date(
    zoned.getFullYear(),
    zoned.getMonth(),
    zoned.getDate(),
    zoned.getHours(),
    zoned.getMinutes(),
    zoned.getSeconds(),
  );
};

/** The instant a company wall clock time names; `wallClock` carries it in its local fields (the picker's Date). */
export const instantOfCompanyWallClock = (wallClock: Date, zone: string): Date =>
  new Date(
    new TZDate(
      wallClock.getFullYear(),
      wallClock.getMonth(),
      wallClock.getDate(),
      wallClock.getHours(),
      wallClock.getMinutes(),
      wallClock.getSeconds(),
      zone,
    ).getTime(),
  );

/**
 * The instant of a date-time as the API accepts it: with `Z` or an offset it is one already; without
 * ("2026-03-29T23:30", "2026-03-29") it is the company's wall clock (midnight for a bare day).
 */
export const instantOfCompanyDateTime = (text: string, zone: string): Date => {
  if (/(Z|[+-]\d{2}:?\d{2})$/.test(text)) return new Date(text);
  const [day, time = '00:00:00'] = text.split('T');
  const [year, month, date] = day!.split('-').map(Number);
  const [hour, minute, second] = time.split(':').map((part) => Number.parseFloat(part));
  return new Date(
    new TZDate(year!, month! - 1, date!, hour ?? 0, minute ?? 0, Math.floor(second ?? 0), zone).getTime(),
  );
};
